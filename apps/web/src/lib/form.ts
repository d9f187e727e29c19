/** Owns mapping API field errors onto react-hook-form fields. */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/**
 * Puts each `fields[].path` error of an ApiError under the matching form field.
 * Returns true when at least one field error was shown.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): boolean {
  if (!isApiError(error)) return false;
  let applied = false;
  for (const field of error.fields) {
    const name = fieldNames.find((candidate) => candidate === field.path);
    if (!name) continue;
    setError(name, { type: 'server', message: field.message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
