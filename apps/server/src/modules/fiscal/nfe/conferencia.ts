// The business check before signing: what the user must fix in the registrations or settings,
// named in pt-BR, so a note never reaches SEFAZ (or the schema) missing it.
import { isValidCep, isValidCnpj, isValidCpf } from '@prumo/shared/brasil';
import { CONFERENCIA_MENSAGENS as M, FISCAL_MENSAGENS } from '@prumo/shared/fiscal';
import { municipioPorCodigo } from '@prumo/shared/municipios';
import type { Destinatario, Endereco, NotaDados } from './nfe-dados';
import { valoresDosItens } from './nfe-xml';

const preenchido = (texto: string | null | undefined) => (texto ?? '').trim() !== '';
const semPontuacao = (texto: string | null | undefined) => (texto ?? '').replace(/[.\-/\s]/g, '');

function documentoValido(destinatario: Destinatario): boolean {
  return destinatario.cnpj ? isValidCnpj(destinatario.cnpj) : isValidCpf(destinatario.cpf ?? '');
}

function enderecoCompleto(endereco: Endereco | undefined): boolean {
  return (
    endereco !== undefined &&
    preenchido(endereco.logradouro) &&
    preenchido(endereco.numero) &&
    preenchido(endereco.bairro) &&
    isValidCep(endereco.cep ?? '')
  );
}

/** The município exists in IBGE's table and belongs to the address's UF. */
function municipioValido(endereco: Endereco | undefined): boolean {
  const municipio = endereco ? municipioPorCodigo(endereco.codigoMunicipio) : undefined;
  return municipio !== undefined && municipio.uf === endereco!.uf;
}

/** What is missing or wrong for the note, in pt-BR; empty when it can be built and signed. */
export function conferirNota(dados: NotaDados): string[] {
  const problemas: string[] = [];
  const { emitente, destinatario } = dados;

  if (!isValidCnpj(emitente.cnpj ?? '')) problemas.push(M.empresaSemCnpj);
  if (!/^(\d{2,14}|ISENTO)$/i.test(semPontuacao(emitente.inscricaoEstadual))) {
    problemas.push(M.empresaSemIe);
  }
  if (!enderecoCompleto(emitente.endereco)) problemas.push(M.empresaSemEndereco);
  if (!municipioValido(emitente.endereco)) problemas.push(M.empresaSemMunicipio);

  if (dados.modelo === 55) {
    if (!destinatario) {
      problemas.push(FISCAL_MENSAGENS.vendaSemCliente);
    } else {
      if (!documentoValido(destinatario)) problemas.push(M.clienteSemDocumento);
      if (!enderecoCompleto(destinatario.endereco)) problemas.push(M.clienteSemEndereco);
      if (!municipioValido(destinatario.endereco)) problemas.push(M.clienteSemMunicipio);
      const ie = semPontuacao(destinatario.inscricaoEstadual);
      if (destinatario.indicadorIE === 1 && !/^\d{2,14}$/.test(ie)) {
        problemas.push(M.clienteSemIe);
      }
    }
  } else {
    if (destinatario && !documentoValido(destinatario)) problemas.push(M.clienteSemDocumento);
  }

  let creditoSemAliquota = false;
  for (const item of dados.itens) {
    const nome = item.descricao.trim() || item.codigo;
    const ncm = (item.ncm ?? '').trim();
    if (ncm === '') problemas.push(M.produtoSemNcm(nome));
    else if (!/^\d{8}$/.test(ncm)) problemas.push(M.produtoNcmInvalido(nome));
    if (preenchido(item.cest) && !/^\d{7}$/.test(item.cest!.trim())) {
      problemas.push(M.produtoCestInvalido(nome));
    }
    if (!/^[1235-7]\d{3}$/.test((item.cfop ?? '').trim()))
      problemas.push(M.produtoCfopInvalido(nome));
    if (!preenchido(item.unidade)) problemas.push(M.produtoSemUnidade(nome));
    if (item.csosn === '101' && !(item.aliquotaCreditoSn && item.aliquotaCreditoSn > 0)) {
      creditoSemAliquota = true;
    }
  }
  if (creditoSemAliquota) problemas.push(M.creditoSnSemAliquota);

  let totalCentavos: number | null = null;
  try {
    totalCentavos = valoresDosItens(dados).reduce((a, v) => a + v.vProd - v.vDesc + v.vFrete, 0);
  } catch {
    problemas.push(M.descontoMaiorQueTotal);
  }
  // SEFAZ wants Σ vPag − vTroco = vNF (rules 865, 866 and 869); a note without payment says 90.
  const pago = dados.pagamentos.reduce((a, p) => a + p.valorCentavos, 0);
  const semPagamento = dados.pagamentos.every((p) => p.tPag === '90');
  if (totalCentavos !== null && !semPagamento) {
    if (pago < totalCentavos) problemas.push(M.pagamentoInsuficiente);
    else if (pago - dados.trocoCentavos !== totalCentavos) problemas.push(M.trocoIncorreto);
  }
  return problemas;
}
