import { useCallback } from 'react';
import { errorText } from '../../lib/error-text';
import { confirmAction } from '../confirm';
import { notifyError, notifySuccess } from '../notify';

export interface DeleteTexts<T> {
  /** The screen's own question, or one built from the row. */
  confirm: string | ((row: T) => string);
  success: string;
  /** Shown with the server's reason ("Erro ao excluir tabela: …"). */
  error: string;
}

/**
 * The delete of a list row: asks the screen's question in a modal, runs the mutation and says
 * how it went. Returns the handler for the row's delete action.
 */
export function useConfirmDelete<T extends { id: number }>(
  remove: (id: number) => Promise<unknown>,
  texts: DeleteTexts<T>,
): (row: T) => Promise<void> {
  const { confirm, success, error: errorBase } = texts;
  return useCallback(
    async (row: T) => {
      const message = typeof confirm === 'function' ? confirm(row) : confirm;
      if (!(await confirmAction({ message }))) return;
      try {
        await remove(row.id);
        notifySuccess(success);
      } catch (error) {
        console.error(errorBase, error);
        notifyError(errorText(errorBase, error));
      }
    },
    [remove, confirm, success, errorBase],
  );
}
