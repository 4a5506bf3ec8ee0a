export const PERFIL_TEXTOS = {
  dadosSalvos: 'Dados atualizados com sucesso!',
  erroDados: 'Erro ao atualizar seus dados',
  senhaTrocada: 'Senha alterada. As suas outras sessões foram encerradas.',
  erroSenha: 'Erro ao alterar a senha',
  sessaoEncerrada: 'Sessão encerrada.',
  sessoesEncerradas: 'As outras sessões foram encerradas.',
  erroSessoes: 'Erro ao encerrar a sessão',
  erroCarregar: 'Erro ao carregar o perfil',
  erroConfigurar: 'Erro ao preparar a autenticação em dois fatores',
  erroAtivar: 'Erro ao ativar a autenticação em dois fatores',
  doisFatoresDesativado: 'Autenticação em dois fatores desativada.',
  erroDesativar: 'Erro ao desativar a autenticação em dois fatores',
} as const;
