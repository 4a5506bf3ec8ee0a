import { notifications } from '@mantine/notifications';

/** In-app feedback with the spec's texts (instead of browser alerts). */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', title: 'Sucesso', message, autoClose: 4000 });
}

export function notifyError(message: string): void {
  notifications.show({ color: 'red', title: 'Erro', message, autoClose: 7000 });
}

/** Done, but not as asked (a note issued in contingency): the user should know. */
export function notifyWarning(message: string): void {
  notifications.show({ color: 'orange', title: 'Atenção', message, autoClose: 9000 });
}
