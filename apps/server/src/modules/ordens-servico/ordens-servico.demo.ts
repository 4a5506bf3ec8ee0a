import { todayISO } from '@prumo/shared/dates';
import type { OrdemServicoInput } from '@prumo/shared/ordens-servico';
import { DEFAULT_TIME_ZONE } from '@prumo/shared/dates';
import type { Transaction } from '../../db/database';
import { listCadastros } from '../cadastros/cadastros.repository';
import { produtosPorNome } from '../produtos/produtos.repository';
import { servicosParaOrdem } from '../servicos/servicos.repository';
import { listUsuarios } from '../usuarios/usuarios.repository';
import { alterarSituacao, createOrdem, type OrdemContexto } from './ordens-servico.repository';

/** A day `dias` away from today in the company's calendar (aaaa-mm-dd). */
function diaRelativo(dias: number): string {
  const dia = new Date(`${todayISO(DEFAULT_TIME_ZONE)}T12:00:00Z`);
  dia.setUTCDate(dia.getUTCDate() + dias);
  return dia.toISOString().slice(0, 10);
}

/**
 * A repair shop's queue: an order waiting for the bench (due today), one being worked (overdue,
 * with a part) and one concluded and delivered, made through the same functions as the API.
 */
export async function seedDemoOrdensServico(tx: Transaction): Promise<void> {
  const usuario = (await listUsuarios(tx)).items.find((candidate) => candidate.role === 'user');
  const { items: clientes } = await listCadastros(tx, { tipo: 'cliente' });
  const { items: funcionarios } = await listCadastros(tx, { tipo: 'funcionario' });
  const servicos = await servicosParaOrdem(tx, [1, 2, 3, 4]);
  const [detergente] = await produtosPorNome(tx, ['Detergente Neutro 500ml']);
  if (!usuario || clientes.length < 2 || funcionarios.length === 0 || servicos.length < 2) return;
  const contexto: OrdemContexto = { usuario, timeZone: DEFAULT_TIME_ZONE };
  const tecnico = funcionarios[0]!.id;

  const base = (cliente: number): OrdemServicoInput => ({
    cliente_id: cliente,
    data_entrada: null,
    data_saida: null,
    prazo: null,
    canal_venda: 'presencial',
    centro_custo: null,
    prioridade: 'media',
    vendedor_id: null,
    tecnico_id: tecnico,
    equipamento: null,
    marca: null,
    modelo: null,
    numero_serie: null,
    condicoes: null,
    defeitos: null,
    acessorios: null,
    solucao: null,
    laudo: null,
    termos:
      'Garantia de 90 dias para o serviço executado. Equipamentos não retirados em 90 dias poderão ser descartados.',
    produtos: [],
    servicos: [],
    cep: null,
    logradouro: null,
    numero_endereco: null,
    complemento: null,
    bairro: null,
    cidade: null,
    uf: null,
    frete: 0,
    outros: 0,
    desconto: 0,
    exibir_total: true,
    observacoes: null,
    observacoes_internas: null,
  });
  const linhaServico = (indice: number) => ({
    servico_id: servicos[indice]!.id,
    detalhes: null,
    quantidade: 1,
    valor: null,
    desconto: 0,
  });

  await createOrdem(
    tx,
    {
      ...base(clientes[0]!.id),
      prazo: diaRelativo(0),
      prioridade: 'alta',
      equipamento: 'Notebook',
      marca: 'Dell',
      modelo: 'Inspiron 15',
      numero_serie: 'BR-5CD1234XYZ',
      defeitos: 'Não liga; o carregador esquenta.',
      acessorios: 'Carregador e mochila.',
      servicos: [linhaServico(0)],
    },
    contexto,
  );

  const emAndamento = await createOrdem(
    tx,
    {
      ...base(clientes[1]!.id),
      prazo: diaRelativo(-2),
      prioridade: 'urgente',
      equipamento: 'Impressora multifuncional',
      marca: 'Epson',
      modelo: 'L3250',
      defeitos: 'Manchas na impressão e ruído ao puxar o papel.',
      servicos: [linhaServico(1)],
      produtos: detergente
        ? [
            {
              produto_id: detergente.id,
              detalhes: 'Limpeza do cabeçote',
              quantidade: 1,
              valor: null,
              desconto: 0,
            },
          ]
        : [],
    },
    contexto,
  );
  await alterarSituacao(
    tx,
    emAndamento.id,
    { situacao: 'em-andamento', aprovado_por: null, entregue_a: null, observacao: null },
    contexto,
  );

  const entregue = await createOrdem(
    tx,
    {
      ...base(clientes[0]!.id),
      prazo: diaRelativo(-5),
      equipamento: 'Smartphone',
      marca: 'Samsung',
      modelo: 'Galaxy A54',
      defeitos: 'Tela trincada.',
      solucao: 'Troca do display e película.',
      servicos: [linhaServico(servicos.length > 2 ? 2 : 0)],
      desconto: 10,
    },
    contexto,
  );
  for (const situacao of ['em-andamento', 'concluida'] as const) {
    await alterarSituacao(
      tx,
      entregue.id,
      { situacao, aprovado_por: null, entregue_a: null, observacao: null },
      contexto,
    );
  }
  await alterarSituacao(
    tx,
    entregue.id,
    { situacao: 'entregue', aprovado_por: null, entregue_a: 'O próprio cliente', observacao: null },
    contexto,
  );
}
