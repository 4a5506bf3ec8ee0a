import { eq, sql } from 'drizzle-orm';
import { formatCep } from '@prumo/shared/brasil';
import {
  BACKUP_HORA_PADRAO,
  type Empresa,
  type Preferencias,
  type PreferenciasInput,
  type Tema,
} from '@prumo/shared/configuracoes';
import type { Config } from '../../config';
import type { Executor, Transaction } from '../../db/database';
import type { UploadedFile } from '../../http/multipart';
import type { ContextoDocumento, EmpresaDocumento } from '../../pdf/documento';
import { deleteArquivos, insertArquivo, lerArquivo } from '../arquivos/arquivos.repository';
import { regraDasSessoesMudou } from '../usuarios/sessoes.repository';
import { empresa, preferencias, preferenciasUsuarios } from './configuracoes.table';

type EmpresaRow = typeof empresa.$inferSelect;
/** What PUT stores: every field but the logo, which has its own route. */
type EmpresaDados = Omit<Empresa, 'tem_logo'>;

async function empresaRow(db: Executor): Promise<EmpresaRow | undefined> {
  const [row] = await db.select().from(empresa).where(eq(empresa.id, 1));
  return row;
}

function toEmpresa(row: EmpresaRow): Empresa {
  return {
    razao_social: row.razaoSocial,
    nome_fantasia: row.nomeFantasia,
    documento: row.documento,
    inscricao_estadual: row.inscricaoEstadual,
    cep: row.cep,
    logradouro: row.logradouro,
    numero: row.numero,
    complemento: row.complemento,
    bairro: row.bairro,
    cidade: row.cidade,
    uf: row.uf,
    telefone: row.telefone,
    email: row.email,
    pix_tipo: row.pixTipo,
    pix_chave: row.pixChave,
    pix_nome: row.pixNome,
    pix_cidade: row.pixCidade,
    tem_logo: row.logoId !== null,
  };
}

/** The stored company, or the env's (EMPRESA_*) while nothing is stored. */
export async function getEmpresa(db: Executor, config: Config): Promise<Empresa> {
  const row = await empresaRow(db);
  if (row) return toEmpresa(row);
  const vazio = null;
  return {
    razao_social: config.empresa.nome,
    nome_fantasia: vazio,
    documento: config.empresa.cnpj.replace(/[.\-/\s]/g, '') || vazio,
    inscricao_estadual: vazio,
    cep: vazio,
    logradouro: vazio,
    numero: vazio,
    complemento: vazio,
    bairro: vazio,
    cidade: vazio,
    uf: vazio,
    telefone: config.empresa.telefone || vazio,
    email: vazio,
    pix_tipo: vazio,
    pix_chave: vazio,
    pix_nome: vazio,
    pix_cidade: vazio,
    tem_logo: false,
  };
}

function empresaColunas(dados: EmpresaDados) {
  return {
    razaoSocial: dados.razao_social,
    nomeFantasia: dados.nome_fantasia,
    documento: dados.documento,
    inscricaoEstadual: dados.inscricao_estadual,
    cep: dados.cep,
    logradouro: dados.logradouro,
    numero: dados.numero,
    complemento: dados.complemento,
    bairro: dados.bairro,
    cidade: dados.cidade,
    uf: dados.uf,
    telefone: dados.telefone,
    email: dados.email,
    pixTipo: dados.pix_tipo,
    pixChave: dados.pix_chave,
    pixNome: dados.pix_nome,
    pixCidade: dados.pix_cidade,
  };
}

/** PUT /api/configuracoes/empresa: the one row, created on the first save. */
export async function saveEmpresa(tx: Transaction, dados: EmpresaDados): Promise<Empresa> {
  const colunas = empresaColunas(dados);
  const [row] = await tx
    .insert(empresa)
    .values({ id: 1, ...colunas })
    .onConflictDoUpdate({ target: empresa.id, set: { ...colunas, updatedAt: sql`now()` } })
    .returning();
  return toEmpresa(row!);
}

/** The logo's old file, if any, to remove after the row points elsewhere. */
async function logoAtual(tx: Transaction): Promise<number | null> {
  const [row] = await tx
    .select({ logoId: empresa.logoId })
    .from(empresa)
    .where(eq(empresa.id, 1))
    .for('update');
  return row?.logoId ?? null;
}

/** POST /api/configuracoes/empresa/logo: replaces the logo (the company row from env if new). */
export async function saveLogo(
  tx: Transaction,
  config: Config,
  file: UploadedFile,
): Promise<Empresa> {
  const anterior = await logoAtual(tx);
  const logoId = await insertArquivo(tx, file);
  if (anterior === null && !(await empresaRow(tx))) {
    const { tem_logo: _, ...padrao } = await getEmpresa(tx, config);
    await saveEmpresa(tx, padrao);
  }
  const [row] = await tx
    .update(empresa)
    .set({ logoId, updatedAt: sql`now()` })
    .where(eq(empresa.id, 1))
    .returning();
  if (anterior !== null) await deleteArquivos(tx, [anterior]);
  return toEmpresa(row!);
}

/** DELETE /api/configuracoes/empresa/logo; false when there was none. */
export async function deleteLogo(tx: Transaction): Promise<boolean> {
  const anterior = await logoAtual(tx);
  if (anterior === null) return false;
  await tx
    .update(empresa)
    .set({ logoId: null, updatedAt: sql`now()` })
    .where(eq(empresa.id, 1));
  await deleteArquivos(tx, [anterior]);
  return true;
}

export function getLogo(db: Executor) {
  return lerArquivo(db, db.select({ id: empresa.logoId }).from(empresa).where(eq(empresa.id, 1)));
}

/** The company as documents print it: the stored one, or the env's while nothing is stored. */
async function empresaDocumento(db: Executor, config: Config): Promise<EmpresaDocumento> {
  const row = await empresaRow(db);
  if (!row) return config.empresa;
  const rua = [row.logradouro, row.numero, row.complemento].filter(Boolean).join(', ');
  const cidade = [row.cidade, row.uf].filter(Boolean).join('/');
  const endereco = [rua, row.bairro, cidade, row.cep ? `CEP ${formatCep(row.cep)}` : '']
    .filter(Boolean)
    .join(' - ');
  const logo = row.logoId === null ? undefined : await getLogo(db);
  return {
    nome: row.razaoSocial,
    cnpj: row.documento ?? '',
    endereco,
    telefone: [row.telefone, row.email].filter(Boolean).join(' · '),
    logo: logo && { tipoMime: logo.tipoMime, conteudo: logo.conteudo },
  };
}

/** What every printable document starts from: the company header and the time zone. */
export async function contextoDocumento(db: Executor, config: Config): Promise<ContextoDocumento> {
  return { empresa: await empresaDocumento(db, config), timeZone: config.timeZone };
}

// --- preferences ------------------------------------------------------------------------------

export type PreferenciasEmpresa = Omit<Preferencias, 'tema'>;

function toPreferencias(
  row: typeof preferencias.$inferSelect | undefined,
  config: Config,
): PreferenciasEmpresa {
  return {
    notificacoes_email: row?.notificacoesEmail ?? true,
    alertas_vencimento: row?.alertasVencimento ?? true,
    relatorios_automaticos: row?.relatoriosAutomaticos ?? false,
    inatividade_minutos: row?.inatividadeMinutos ?? Math.round(config.session.idleMs / 60_000),
    dois_fatores_obrigatorio: row?.doisFatoresObrigatorio ?? false,
    backup_automatico: row?.backupAutomatico ?? true,
    backup_hora: row?.backupHora ?? BACKUP_HORA_PADRAO,
  };
}

/** The company's preferences (the row, or the defaults while none is stored). */
export async function preferenciasEmpresa(
  db: Executor,
  config: Config,
): Promise<PreferenciasEmpresa> {
  const [row] = await db.select().from(preferencias).where(eq(preferencias.id, 1));
  return toPreferencias(row, config);
}

async function temaDe(db: Executor, usuarioId: number): Promise<Tema> {
  const [row] = await db
    .select({ tema: preferenciasUsuarios.tema })
    .from(preferenciasUsuarios)
    .where(eq(preferenciasUsuarios.usuarioId, usuarioId));
  return row?.tema ?? 'light';
}

/** GET /api/configuracoes/preferencias: the company's, and the signed-in user's theme. */
export async function getPreferencias(
  db: Executor,
  config: Config,
  usuarioId: number,
): Promise<Preferencias> {
  const [empresaPrefs, tema] = await Promise.all([
    preferenciasEmpresa(db, config),
    temaDe(db, usuarioId),
  ]);
  return { ...empresaPrefs, tema };
}

/** How long a session may stay unused, cached briefly: every request asks. */
const CACHE_INATIVIDADE_MS = 10_000;
const cacheInatividade = new WeakMap<object, { ms: number; ate: number }>();

export async function inatividadeMs(db: Executor, config: Config): Promise<number> {
  const cache = cacheInatividade.get(db);
  if (cache && cache.ate > Date.now()) return cache.ms;
  const { inatividade_minutos } = await preferenciasEmpresa(db, config);
  const ms = inatividade_minutos * 60_000;
  cacheInatividade.set(db, { ms, ate: Date.now() + CACHE_INATIVIDADE_MS });
  return ms;
}

/**
 * PUT /api/configuracoes/preferencias (admins): the company's switches, idle logout, mandatory
 * two-factor sign-in and the daily backup.
 */
export async function savePreferencias(
  tx: Transaction,
  db: Executor,
  dados: PreferenciasInput,
): Promise<void> {
  const colunas = {
    notificacoesEmail: dados.notificacoes_email,
    alertasVencimento: dados.alertas_vencimento,
    relatoriosAutomaticos: dados.relatorios_automaticos,
    inatividadeMinutos: dados.inatividade_minutos,
    // Left out of the body: kept as stored (undefined columns are not written).
    doisFatoresObrigatorio: dados.dois_fatores_obrigatorio,
    backupAutomatico: dados.backup_automatico,
    backupHora: dados.backup_hora,
  };
  await tx
    .insert(preferencias)
    .values({ id: 1, ...colunas })
    .onConflictDoUpdate({ target: preferencias.id, set: { ...colunas, updatedAt: sql`now()` } });
  cacheInatividade.delete(db);
  void regraDasSessoesMudou();
}

/** PUT /api/configuracoes/tema: the signed-in user's colour scheme. */
export async function saveTema(tx: Transaction, usuarioId: number, tema: Tema): Promise<void> {
  await tx
    .insert(preferenciasUsuarios)
    .values({ usuarioId, tema })
    .onConflictDoUpdate({
      target: preferenciasUsuarios.usuarioId,
      set: { tema, updatedAt: sql`now()` },
    });
}
