// Constants and texts of two-factor sign-in, free of zod so the login page stays light.

/** How many recovery codes an activation gives. */
export const CODIGOS_RECUPERACAO_QTD = 10;
/** Minutes a sign-in challenge (between the password and the code) stays valid. */
export const DESAFIO_LOGIN_MINUTOS = 5;
/** Wrong codes a challenge takes before it is discarded. */
export const DESAFIO_LOGIN_TENTATIVAS = 5;

export const DOIS_FATORES_MESSAGES = {
  codigoObrigatorio: 'Informe o código',
  codigoFormato: 'O código tem 6 números',
  codigoInvalido: 'Código inválido. Confira o aplicativo autenticador e tente novamente.',
  desafioExpirado: 'O tempo para informar o código acabou. Entre novamente com e-mail e senha.',
  tentativasEsgotadas: 'Muitas tentativas com código inválido. Entre novamente com e-mail e senha.',
  semConfiguracao: 'Gere um novo código QR antes de confirmar.',
  jaAtivado: 'A autenticação em dois fatores já está ativada.',
  naoAtivado: 'A autenticação em dois fatores não está ativada.',
  obrigatorio:
    'A empresa exige autenticação em dois fatores. Ative-a no seu Perfil para continuar usando o sistema.',
  exigirSemTer:
    'Ative a autenticação em dois fatores no seu Perfil antes de exigi-la de todos: sem ela, você perderia o acesso às Configurações.',
  proprioRedefinir:
    'Para desativar a sua própria autenticação em dois fatores, use o Perfil (a senha atual é pedida).',
  senhaAtualTentativas:
    'Muitas tentativas com a senha atual incorreta. Aguarde alguns minutos e tente novamente.',
} as const;

/** A recovery code as stored and compared: lower case, letters and digits only. */
export function normalizarCodigoRecuperacao(codigo: string): string {
  return codigo.toLowerCase().replace(/[^a-z0-9]/g, '');
}
