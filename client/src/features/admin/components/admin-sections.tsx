import type { ComponentType } from 'react';
import type { AdminRole } from '@shared/schemas/admin';
import type { Dictionary } from '@client/lib/i18n/dictionary';
import { AuditSection } from './audit-section';
import { DisputesQueue } from './disputes-queue';
import { ClaimsSection } from './claims-section';
import { PeopleSection } from './people-section';
import { ImportsSection } from './imports-section';
import { DistributionSection } from './distribution-section';
import { GrantsSection } from './grants-section';
import { LaunchSection } from './launch-section';
import { OverviewSection } from './overview-section';

export interface AdminSection {
  /** Under /admin; the router's `/admin/*` page shows it. */
  path: string;
  label: (t: Dictionary) => string;
  /** The least role that sees it; the server checks every call again. */
  role: AdminRole;
  Component: ComponentType;
}

/** The console's sections, in the order of its navigation. */
export const adminSections: AdminSection[] = [
  { path: '/admin', label: (t) => t.admin.navDisputes, role: 'reviewer', Component: DisputesQueue },
  { path: '/admin/overview', label: (t) => t.admin.navOverview, role: 'reviewer', Component: OverviewSection },
  { path: '/admin/claims', label: (t) => t.admin.navClaims, role: 'reviewer', Component: ClaimsSection },
  { path: '/admin/launch', label: (t) => t.admin.navLaunch, role: 'admin', Component: LaunchSection },
  { path: '/admin/grants', label: (t) => t.admin.navGrants, role: 'admin', Component: GrantsSection },
  { path: '/admin/people', label: (t) => t.admin.navPeople, role: 'admin', Component: PeopleSection },
  { path: '/admin/imports', label: (t) => t.admin.navImports, role: 'admin', Component: ImportsSection },
  { path: '/admin/distribution', label: (t) => t.admin.navDistribution, role: 'admin', Component: DistributionSection },
  { path: '/admin/audit', label: (t) => t.admin.navAudit, role: 'admin', Component: AuditSection },
];

export const sectionsFor = (role: AdminRole) => adminSections.filter((section) => section.role === 'reviewer' || role === 'admin');
