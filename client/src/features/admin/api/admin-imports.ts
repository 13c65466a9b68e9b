import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportPreviewResponse, ImportSnapshotsResponse } from '@shared/schemas/admin-imports';
import { apiFetch, getJson } from '@client/lib/api-client';
import { adminBaseKey } from './get-admin-me';
import { recheckAccess } from './refused';

/** Every allocation snapshot and the live root. */
export function useImportSnapshots() {
  return useQuery({
    queryKey: [...adminBaseKey, 'imports'],
    queryFn: () => getJson<ImportSnapshotsResponse>('/api/admin/imports'),
    retry: false,
  });
}

/** A corrected list's difference from the live one of its source; the server changes nothing. */
export function usePreviewImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, source }: { file: File; source: string }) => {
      const form = new FormData();
      if (source !== '') form.append('source', source);
      // The browser sets the multipart Content-Type with its boundary itself.
      form.append('file', file);
      const response = await apiFetch('/api/admin/imports/preview', { method: 'POST', body: form });
      return (await response.json()) as ImportPreviewResponse;
    },
    onError: (error) => recheckAccess(queryClient, error),
  });
}
