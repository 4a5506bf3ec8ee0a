// The printable correction letter (CC-e): the note it corrects (key with its barcode, number,
// emission, recipient), the event (sequence, registration, protocol), the correction and the
// condições de uso, A4 with the company header of every printed document.
import { formatCnpj, formatCpf } from '@prumo/shared/brasil';
import {
  CONDICOES_DE_USO_CCE,
  FISCAL_TEXTOS,
  MAXIMO_CORRECOES,
  type EventoNfe,
  type NotaFiscal,
} from '@prumo/shared/fiscal';
import { blocoDeTexto } from '../../pdf/blocos';
import { codigo128 } from '../../pdf/codigos';
import { criarDocumento, MM, type ContextoDocumento } from '../../pdf/documento';
import { chaveEmGrupos, numeroDaNota } from './danfe/nfe-leitura';

const documento = (valor: string | null) =>
  !valor ? '—' : valor.length === 11 ? formatCpf(valor) : formatCnpj(valor);

export async function cartaCorrecaoPdf(
  nota: NotaFiscal,
  correcao: EventoNfe,
  contexto: ContextoDocumento,
): Promise<Uint8Array> {
  const doc = await criarDocumento('a4', contexto, {
    titulo: 'Carta de Correção Eletrônica',
    numero: `Nº ${correcao.sequencia}`,
    marcaDagua: nota.ambiente === 'producao' ? undefined : FISCAL_TEXTOS.semValorFiscal,
  });
  doc.texto('NF-e corrigida', { negrito: true });
  doc.campos(
    [
      ['Número', `${numeroDaNota(nota.numero)} · série ${nota.serie}`],
      ['Emissão', doc.dataHora(nota.emitida_em)],
      ['Destinatário', nota.destinatario_nome ?? '—'],
      ['CPF/CNPJ', documento(nota.destinatario_documento)],
    ],
    2,
  );
  doc.campos([['Chave de acesso', chaveEmGrupos(nota.chave)]]);
  doc.simbolo(await codigo128(nota.chave), { largura: 110 * MM, altura: 12 * MM });
  doc.separador();
  doc.texto('Evento', { negrito: true });
  doc.campos(
    [
      ['Sequência', `${correcao.sequencia} de até ${MAXIMO_CORRECOES}`],
      ['Registrada em', doc.dataHora(correcao.registrado_em)],
      ['Protocolo', correcao.protocolo ?? '—'],
      ['Situação', `${correcao.c_stat} — ${correcao.x_motivo}`],
    ],
    2,
  );
  doc.espaco(8);
  blocoDeTexto(doc, 'Correção', correcao.texto);
  blocoDeTexto(doc, 'Condições de uso', CONDICOES_DE_USO_CCE);
  if (correcao.sequencia > 1) {
    doc.texto(
      'Esta carta substitui as anteriores desta NF-e: a mais recente reúne todas as correções.',
      { tamanho: doc.fonte - 1 },
    );
  }
  return doc.salvar();
}
