import { ADMIN_MANAGER, ADMIN_ONLY, ALL_ROLES } from '@prumo/shared/auth';
import {
  AMBIENTES_FISCAIS,
  certificadoInfoSchema,
  configuracaoFiscalSchema,
  configuracaoFiscalUpdateSchema,
  emitirNotaSchema,
  FISCAL_MENSAGENS,
  NFSE_SERIE_MAXIMA,
  notaFiscalResumoSchema,
  notaFiscalSchema,
  notasFiscaisQuerySchema,
  simulacaoSchema,
  statusFiscalSchema,
  type AmbienteFiscal,
} from '@prumo/shared/fiscal';
import { emailSchema, enviarPorEmailSchema } from '@prumo/shared/emails';
import { municipioPorCodigo } from '@prumo/shared/municipios';
import { idParamSchema, z } from '@prumo/shared/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError, badRequest, notFound } from '../../http/errors';
import { readMultipartForm, type UploadRule } from '../../http/multipart';
import { sendPdf } from '../../http/pdf-reply';
import { mantemOmitidos } from '../../http/put-parcial';
import { comAuditoria } from '../auditoria/auditoria.repository';
import { getEmpresa } from '../configuracoes/configuracoes.repository';
import { CertificadoInvalido, lerCertificadoA1 } from './certificado/certificado';
import { ServicoFiscal } from './emissao';
import {
  configuracaoRow,
  getConfiguracaoFiscal,
  getNota,
  listNotas,
  proximoNumeroDps,
  removerCertificado,
  saveConfiguracaoFiscal,
  xmlDaNota,
} from './fiscal.repository';
import { arquivoDanfe, arquivoXml, enviarNotaPorEmail } from './nota-email';

/** The A1 certificate: one .pfx/.p12 (PKCS#12 is DER: its content has no magic number to check). */
const CERTIFICADO_RULE: UploadRule = { field: 'certificado', label: 'Certificado A1', maxFiles: 1 };
const senhaSchema = z.strictObject({
  senha: z.string({ error: FISCAL_MENSAGENS.certificadoSenha }).max(200),
});

/**
 * Before the stored settings fill what a PUT leaves out: a regime sent without the NFS-e's
 * opSimpNac re-derives it from the new CRT (null), and an ambiente or DPS série sent without the
 * next DPS number keeps that ambiente's and série's own (the numbering is per ambiente).
 */
async function completarNfse(db: Database, body: unknown): Promise<void> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const enviado = body as Record<string, unknown>;
  if ('crt' in enviado && !('nfse_op_simples_nacional' in enviado)) {
    enviado.nfse_op_simples_nacional = null;
  }
  if (!('ambiente' in enviado || 'nfse_serie' in enviado) || 'nfse_proximo_numero' in enviado) {
    return;
  }
  const atual = await configuracaoRow(db);
  const ambiente = enviado.ambiente ?? atual?.ambiente ?? 'homologacao';
  const serie = enviado.nfse_serie ?? atual?.nfseSerie ?? 1;
  if (
    AMBIENTES_FISCAIS.includes(ambiente as AmbienteFiscal) &&
    Number.isInteger(serie) &&
    (serie as number) >= 1 &&
    (serie as number) <= NFSE_SERIE_MAXIMA
  ) {
    enviado.nfse_proximo_numero = await proximoNumeroDps(
      db,
      ambiente as AmbienteFiscal,
      serie as number,
    );
  }
}

/**
 * /api/fiscal: the settings and the A1 certificate (admins), SEFAZ's status (anyone) and the
 * simulated SEFAZ's scenario (demo). /api/notas-fiscais: NF-e and NFC-e of finalized sales.
 */
export const fiscalRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const tags = ['fiscal'];
  const servico = new ServicoFiscal(db, config, (mensagem, erro) => app.log.error(erro, mensagem));
  servico.iniciar();
  app.addHook('onClose', () => servico.parar());

  app.get(
    '/configuracao',
    {
      config: { roles: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Configuração fiscal (admin)',
        response: { 200: configuracaoFiscalSchema },
      },
    },
    () => getConfiguracaoFiscal(db),
  );

  app.put(
    '/configuracao',
    {
      config: { roles: ADMIN_ONLY },
      preValidation: [
        (request) => completarNfse(db, request.body),
        mantemOmitidos(configuracaoFiscalUpdateSchema, async () => {
          const {
            certificado: _c,
            csc_token_definido: _t,
            ...atual
          } = await getConfiguracaoFiscal(db);
          return atual;
        }),
      ],
      schema: {
        tags,
        summary: 'Salvar a configuração fiscal (admin)',
        description:
          'Regime, município, séries e próximos números, ambiente (produção exige ' +
          '`confirmar_producao: true`), CSC, CSOSN e CFOPs. `csc_token` omitido mantém o guardado. ' +
          'NFS-e: inscrição municipal, opSimpNac (`nfse_op_simples_nacional`; null, ou omitido ' +
          'quando `crt` é enviado, segue o regime), regApTribSN, regEspTrib, se o município usa ' +
          'o emissor nacional, a série da DPS e o próximo número (por ambiente e série), e ' +
          '`nfse_emitir_ao_concluir` (a fila emite a NFS-e do que for concluído desde então).',
        body: configuracaoFiscalUpdateSchema,
        response: { 200: configuracaoFiscalSchema },
      },
    },
    async (request) => {
      const { csc_token, confirmar_producao: _confirmar, ...dados } = request.body;
      if (dados.codigo_municipio !== null && !municipioPorCodigo(dados.codigo_municipio)) {
        throw badRequest(FISCAL_MENSAGENS.municipio, {
          codigo_municipio: FISCAL_MENSAGENS.municipio,
        });
      }
      await comAuditoria(db, request.user, (tx) =>
        saveConfiguracaoFiscal(tx, {
          ...dados,
          ...(csc_token ? { cscTokenCifrado: servico.cifrar(csc_token) } : {}),
        }),
      );
      return getConfiguracaoFiscal(db);
    },
  );

  app.post(
    '/certificado',
    {
      config: { roles: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Enviar o certificado A1 (admin)',
        description:
          'multipart/form-data: `certificado` (.pfx ou .p12) e `dados` com JSON {"senha": "…"}. ' +
          'Guardado cifrado; a resposta nunca traz o arquivo nem a senha.',
        consumes: ['multipart/form-data'],
        response: { 200: certificadoInfoSchema },
      },
    },
    async (request) => {
      const { data, files } = await readMultipartForm(request, [CERTIFICADO_RULE]);
      const arquivo = files[0];
      if (!arquivo)
        throw badRequest(FISCAL_MENSAGENS.certificadoArquivo, {
          certificado: FISCAL_MENSAGENS.certificadoArquivo,
        });
      const dados = senhaSchema.safeParse(data);
      if (!dados.success)
        throw badRequest(FISCAL_MENSAGENS.certificadoSenha, {
          senha: FISCAL_MENSAGENS.certificadoSenha,
        });
      let info;
      try {
        info = lerCertificadoA1(arquivo.conteudo, dados.data.senha).info;
      } catch (erro) {
        if (erro instanceof CertificadoInvalido)
          throw badRequest(erro.message, { certificado: erro.message });
        throw erro;
      }
      if (info.validoAte.getTime() < Date.now()) {
        throw badRequest(FISCAL_MENSAGENS.certificadoVencido, {
          certificado: FISCAL_MENSAGENS.certificadoVencido,
        });
      }
      const empresa = await getEmpresa(db, config);
      if (
        info.cnpj &&
        empresa.documento &&
        info.cnpj.slice(0, 8) !== empresa.documento.slice(0, 8)
      ) {
        throw badRequest(FISCAL_MENSAGENS.certificadoCnpj, {
          certificado: FISCAL_MENSAGENS.certificadoCnpj,
        });
      }
      await servico.guardarCertificado(request.user, arquivo.conteudo, dados.data.senha);
      return (await getConfiguracaoFiscal(db)).certificado!;
    },
  );

  app.delete(
    '/certificado',
    {
      config: { roles: ADMIN_ONLY },
      schema: { tags, summary: 'Remover o certificado A1 (admin)' },
    },
    async (request, reply) => {
      await comAuditoria(db, request.user, (tx) => removerCertificado(tx));
      return reply.code(204).send();
    },
  );

  app.get(
    '/status',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'Situação da emissão e da SEFAZ',
        response: { 200: statusFiscalSchema },
      },
    },
    (request) => servico.status(request.user),
  );

  app.post(
    '/status/consultar',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'Consultar agora o status do serviço da SEFAZ (NFeStatusServico4)',
        response: { 200: statusFiscalSchema },
      },
    },
    (request) => servico.status(request.user, true),
  );

  app.put(
    '/simulacao',
    {
      config: { roles: ADMIN_MANAGER },
      schema: {
        tags,
        summary: 'Comportamento da SEFAZ simulada (só no ambiente de simulação)',
        body: simulacaoSchema,
        response: { 200: statusFiscalSchema },
      },
    },
    async (request) => {
      const { ambiente } = await getConfiguracaoFiscal(db);
      if (ambiente !== 'simulacao') {
        throw new AppError('REGRA_VIOLADA', 'Disponível só no ambiente de simulação');
      }
      await servico.definirCenario(request.body.cenario);
      return servico.status(request.user);
    },
  );
};

export const notasFiscaisRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const tags = ['notas-fiscais'];
  /** The module's one service (fiscalRoutes made it for this database). */
  const servico = () => {
    const atual = ServicoFiscal.de(db);
    if (!atual) throw new Error('Serviço fiscal não iniciado');
    return atual;
  };

  app.get(
    '/',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'Notas fiscais (NF-e e NFC-e), paginadas',
        description:
          '`q` busca por número, chave ou destinatário; filtros `modelo`, `situacao`, `de`/`ate` ' +
          '(emissão), `venda_id`. Total em X-Total-Count.',
        querystring: notasFiscaisQuerySchema,
        response: { 200: z.array(notaFiscalResumoSchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listNotas(db, request.query, config.timeZone);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'Nota fiscal com a linha do tempo',
        params: idParamSchema,
        response: { 200: notaFiscalSchema },
      },
    },
    async (request) => {
      const nota = await getNota(db, request.params.id);
      if (!nota) throw notFound(FISCAL_MENSAGENS.notaNaoEncontrada);
      return nota;
    },
  );

  app.post(
    '/',
    {
      config: { roles: ALL_ROLES, idempotent: true },
      schema: {
        tags,
        summary: 'Emitir a NF-e (55) ou a NFC-e (65) de uma venda finalizada',
        description:
          'Monta, assina, valida no esquema oficial e transmite. Uma venda tem no máximo uma nota ' +
          'viva por modelo: pedir de novo responde a mesma (200). Pendências (sem NCM, sem ' +
          'município) deixam a nota em Rascunho sem enviá-la. Aceita Idempotency-Key.',
        body: emitirNotaSchema,
        response: { 200: notaFiscalSchema, 201: notaFiscalSchema },
      },
    },
    async (request, reply) => {
      const { nota, criada } = await servico().emitir(request.user, request.body);
      return reply.code(criada ? 201 : 200).send(nota);
    },
  );

  app.post(
    '/:id/transmitir',
    {
      config: { roles: ALL_ROLES, idempotent: true },
      schema: {
        tags,
        summary: 'Transmitir de novo (rascunho corrigido, rejeitada ou em contingência)',
        params: idParamSchema,
        response: { 200: notaFiscalSchema },
      },
    },
    (request) => servico().transmitir(request.user, request.params.id),
  );

  app.post(
    '/:id/consultar',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'Consultar o protocolo na SEFAZ pela chave',
        params: idParamSchema,
        response: { 200: notaFiscalSchema },
      },
    },
    (request) => servico().consultar(request.user, request.params.id),
  );

  app.get(
    '/:id/xml',
    {
      config: { roles: ALL_ROLES },
      schema: { tags, summary: 'Baixar o XML (nfeProc quando autorizada)', params: idParamSchema },
    },
    async (request, reply) => {
      const xml = await xmlDaNota(db, request.params.id);
      if (!xml) throw notFound(FISCAL_MENSAGENS.notaNaoEncontrada);
      const arquivo = arquivoXml(xml);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${arquivo.nome}"`)
        .header('cache-control', 'no-store')
        .send(arquivo.conteudo);
    },
  );

  app.get(
    '/:id/danfe',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'DANFE (NF-e, A4) ou DANFCE (NFC-e, 80 mm) em PDF',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      const xml = await xmlDaNota(db, request.params.id);
      if (!xml) throw notFound(FISCAL_MENSAGENS.notaNaoEncontrada);
      const danfe = await arquivoDanfe(db, config, xml);
      return sendPdf(reply, danfe.conteudo, danfe.nome);
    },
  );

  app.post(
    '/:id/email',
    {
      config: { roles: ALL_ROLES, idempotent: true },
      schema: {
        tags,
        summary: 'Enviar a nota autorizada por e-mail: XML (nfeProc) e DANFE (pela fila de envio)',
        description:
          '`para` omitido: o e-mail do cadastro do cliente da venda; `mensagem`: texto acima do ' +
          'padrão. Responde o e-mail na fila (202). Aceita o cabeçalho Idempotency-Key.',
        params: idParamSchema,
        body: enviarPorEmailSchema,
        response: { 202: emailSchema },
      },
    },
    async (request, reply) => {
      const email = await enviarNotaPorEmail(
        db,
        config,
        request.user,
        request.params.id,
        request.body,
      );
      return reply.code(202).send(email);
    },
  );
};
