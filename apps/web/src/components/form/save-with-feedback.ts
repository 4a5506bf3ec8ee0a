import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { errorText } from '../../lib/error-text';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../notify';

/**
 * Runs a form's save and says how it went: the screen's success text, or its failure text with
 * the server's reason, and the server's per-field messages beside the fields. True when saved.
 */
export async function saveWithFeedback<T extends FieldValues>(
  save: () => Promise<unknown>,
  texts: { success: string; failure: string },
  setError?: UseFormSetError<T>,
): Promise<boolean> {
  try {
    await save();
    notifySuccess(texts.success);
    return true;
  } catch (error) {
    console.error(texts.failure, error);
    if (setError) applyServerFieldErrors(error, setError);
    notifyError(errorText(texts.failure, error));
    return false;
  }
}
