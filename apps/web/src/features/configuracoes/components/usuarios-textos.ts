import { ROLE_LABELS, ROLES } from '@prumo/shared/auth';

export const USUARIO_TEXTOS = {
  criado: 'Usuário criado com sucesso!',
  atualizado: 'Usuário atualizado com sucesso!',
  senhaRedefinida: 'Senha redefinida. As sessões abertas desse usuário foram encerradas.',
  erroCriar: 'Erro ao criar usuário',
  erroAtualizar: 'Erro ao atualizar usuário',
  erroRedefinir: 'Erro ao redefinir a senha',
  erroCarregar: 'Erro ao carregar os usuários',
  confirmarRedefinirDoisFatores: (nome: string) =>
    `Redefinir a autenticação em dois fatores de ${nome}? O aplicativo autenticador e os códigos de recuperação dessa pessoa deixam de valer, as sessões abertas dela são encerradas e o próximo login pede só a senha.`,
  doisFatoresRedefinido:
    'Autenticação em dois fatores redefinida. As sessões abertas desse usuário foram encerradas.',
  erroRedefinirDoisFatores: 'Erro ao redefinir os dois fatores',
} as const;

export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
