// The appointment screens' own texts. The spec's (2.13, 8) are AGENDAMENTO_MESSAGES and
// VENDA_MESSAGES in @prumo/shared/vendas and are used from there.

export const AGENDAMENTO_TEXTOS = {
  criado: 'Agendamento criado com sucesso!',
  atualizado: 'Agendamento atualizado com sucesso!',
  iniciado: 'Serviço iniciado!',
  concluido: 'Serviço concluído!',
  cancelado: 'Agendamento cancelado.',
  erroSalvar: 'Erro ao salvar agendamento',
  erroStatus: 'Erro ao alterar o status do agendamento',
  erroListar: 'Erro ao carregar agendamentos',
  erroCarregar: 'Erro ao carregar agendamento',
  confirmarCancelamento: 'Tem certeza que deseja cancelar este agendamento?',
  pesquisar: 'Pesquisar por número, cliente ou serviço...',
  escolhaParaHorarios: 'Escolha a data, o serviço e o profissional para ver os horários.',
  semHorarios: 'Nenhum horário disponível neste dia.',
  horariosPadrao: 'Não foi possível consultar a agenda: mostrando os horários padrão.',
  iniciar: 'Iniciar',
  concluir: 'Concluir',
  cancelar: 'Cancelar agendamento',
  ver: 'Ver',
  detalhes: 'Agendamento',
  doDia: (dia: string) => `Agendamentos de ${dia}`,
  nenhumNoDia: 'Nenhum agendamento neste dia.',
  mais: (n: number) => `+${n} mais`,
} as const;
