import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TemplatesResponse } from '@shared/schemas/memes';
import { getJson } from '@client/lib/api-client';

export const getTemplates = () => getJson<TemplatesResponse>('/api/memes/templates');

export const templatesQueryOptions = () => queryOptions({ queryKey: ['memes', 'templates'], queryFn: getTemplates });

export function useTemplates() {
  return useQuery(templatesQueryOptions());
}
