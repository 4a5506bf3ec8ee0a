import { servicoCreateSchema, type ServicoCreateInput } from '@prumo/shared/servicos';
import type { Transaction } from '../../db/database';
import { createServico } from './servicos.repository';

/**
 * A small repair shop's services (assistência técnica de informática e celulares), with the NFS-e's
 * national codes: 14.01.01 (conserto e manutenção de aparelhos), 14.02.01 (assistência técnica),
 * 01.07.01 (suporte técnico em informática), and plausible ISS rates (2 % and 2,9 %); the ISS
 * is due at the shop's município and not withheld (the defaults).
 *
 * Each carries the NBS that the official correlation of LC 116 items and NBS (Portal NFS-e,
 * "Anexo VIII – Correlação Item LC 116 × NBS") lists for its item: computers 1.2001.20.00
 * (manutenção e reparação de computadores e periféricos), phones 1.2001.70.00 (de equipamentos e
 * aparelhos de telecomunicações), IT support 1.1501.30.00 (suporte em tecnologia da informação).
 */
const NBS_COMPUTADORES = '120012000';
const NBS_TELECOMUNICACOES = '120017000';
const NBS_SUPORTE_TI = '115013000';

const SERVICOS: ServicoCreateInput[] = [
  {
    nome: 'Diagnóstico técnico',
    codigoTributacaoNacional: '14.02.01',
    codigoNbs: NBS_COMPUTADORES,
    aliquotaIss: 2,
    categoria: 'Assistência técnica',
    preco: 60,
    duracao: 30,
    comissao: 0,
    descricao: 'Avaliação do equipamento e orçamento do reparo',
  },
  {
    nome: 'Formatação com backup',
    codigoTributacaoNacional: '01.07.01',
    codigoNbs: NBS_SUPORTE_TI,
    aliquotaIss: 2.9,
    categoria: 'Informática',
    preco: 150,
    valorCusto: 10,
    duracao: 120,
    comissao: 10,
    descricao: 'Cópia dos arquivos, reinstalação do sistema e dos programas básicos',
  },
  {
    nome: 'Limpeza interna e troca de pasta térmica',
    codigoTributacaoNacional: '14.01.01',
    codigoNbs: NBS_COMPUTADORES,
    aliquotaIss: 2,
    categoria: 'Informática',
    preco: 120,
    valorCusto: 15,
    duracao: 60,
    comissao: 10,
  },
  {
    nome: 'Troca de tela de celular',
    codigoTributacaoNacional: '14.01.01',
    codigoNbs: NBS_TELECOMUNICACOES,
    aliquotaIss: 2,
    categoria: 'Celulares',
    preco: 90,
    duracao: 90,
    comissao: 15,
    descricao: 'Mão de obra; a tela é cobrada à parte como peça',
  },
  {
    nome: 'Troca de conector de carga',
    codigoTributacaoNacional: '14.01.01',
    codigoNbs: NBS_TELECOMUNICACOES,
    aliquotaIss: 2,
    categoria: 'Celulares',
    preco: 70,
    duracao: 60,
    comissao: 15,
  },
  {
    nome: 'Instalação de SSD e clonagem do disco',
    codigoTributacaoNacional: '14.01.01',
    codigoNbs: NBS_COMPUTADORES,
    aliquotaIss: 2,
    categoria: 'Informática',
    preco: 100,
    duracao: 90,
    comissao: 10,
  },
  {
    nome: 'Visita técnica',
    codigoTributacaoNacional: '14.02.01',
    codigoNbs: NBS_COMPUTADORES,
    aliquotaIss: 2,
    categoria: 'Atendimento externo',
    preco: 80,
    valorCusto: 20,
    duracao: 60,
    comissao: 5,
    cfop: '5933',
  },
  {
    nome: 'Configuração de rede Wi-Fi',
    codigoTributacaoNacional: '01.07.01',
    codigoNbs: NBS_SUPORTE_TI,
    aliquotaIss: 2.9,
    categoria: 'Atendimento externo',
    preco: 110,
    duracao: 45,
    comissao: 5,
  },
  {
    nome: 'Recuperação de dados',
    codigoTributacaoNacional: '01.07.01',
    codigoNbs: NBS_SUPORTE_TI,
    aliquotaIss: 2.9,
    categoria: 'Informática',
    preco: 350,
    valorCusto: 40,
    duracao: 24 * 60,
    comissao: 10,
    ativo: false,
  },
];

export async function seedDemoServicos(tx: Transaction): Promise<void> {
  let item = 0;
  for (const servico of SERVICOS) {
    item += 1;
    await createServico(
      tx,
      servicoCreateSchema.parse({
        ...servico,
        codigoInterno: `SRV-${String(item).padStart(3, '0')}`,
      }),
    );
  }
}
