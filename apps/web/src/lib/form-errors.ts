import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Shows the server's per-field messages next to the fields. `fieldMap` translates API field
 * names (snake_case) to form field names when they differ. Returns true when any was shown.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldMap: Record<string, string> = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  const entries = Object.entries(error.fields);
  for (const [field, message] of entries) {
    setError((fieldMap[field] ?? field) as Path<T>, { type: 'server', message });
  }
  return entries.length > 0;
}
