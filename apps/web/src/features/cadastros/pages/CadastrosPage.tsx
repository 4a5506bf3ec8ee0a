import { Button, Paper, Stack, Tabs } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { hasRole } from '@prumo/shared/auth';
import {
  CADASTRO_ENTIDADES,
  CADASTRO_TEXTOS,
  cadastroPaths,
  isTipoCadastro,
  TIPOS_CADASTRO,
  type CadastroListItem,
  type TipoCadastro,
} from '@prumo/shared/cadastros';
import { IMPORTACAO_DO_CADASTRO } from '@prumo/shared/importacao';
import { normalizeSearch } from '@prumo/shared/search';
import { EmptyState } from '../../../components/EmptyState';
import { ExportarLista } from '../../../components/ExportarLista';
import { useConfirmDelete } from '../../../components/list/use-confirm-delete';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { useSession } from '../../../lib/session';
import {
  CADASTROS_PAGE_SIZE,
  useCadastrosAba,
  useCadastrosPagina,
  useDeleteCadastro,
} from '../../../api/cadastros';
import { CadastrosTable } from '../components/CadastrosTable';
import { SearchInput } from '../../../components/SearchInput';

/** The list's page (?pagina=), 1 when absent or not a page number. */
function paginaDaUrl(params: URLSearchParams): number {
  const pagina = Number(params.get('pagina'));
  return Number.isInteger(pagina) && pagina > 1 ? pagina : 1;
}

/**
 * Registry list (/cadastros): tabs per kind, search over nome and email, paged table; the tab
 * and the page are kept in the address. A tab of up to CADASTROS_LOCAL_MAX records is loaded
 * whole and searched on the client (spec 2.6); a larger one is paged and searched by the server.
 */
export default function CadastrosPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tipo');
  const tipo: TipoCadastro = isTipoCadastro(requested) ? requested : 'cliente';
  const page = paginaDaUrl(params);
  const setPage = useCallback(
    (next: number) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next > 1) updated.set('pagina', String(next));
          else updated.delete('pagina');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  const { user } = useSession();
  // Employees are kept by admins and managers only; others see the list.
  const canManage = tipo !== 'funcionario' || hasRole(user?.role, ['admin', 'manager']);
  const [busca, setBusca] = useState('');

  const addButton = canManage ? (
    <Button component={Link} to={cadastroPaths.add(tipo)} leftSection={<IconPlus size={16} />}>
      {CADASTRO_TEXTOS.adicionar(tipo)}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title={CADASTRO_TEXTOS.titulo}
        actions={
          <>
            <ExportarLista
              path="/cadastros"
              filtro={{ tipo, q: busca.trim() }}
              nome={CADASTRO_ENTIDADES[tipo].plural.toLowerCase()}
              importar={IMPORTACAO_DO_CADASTRO[tipo]}
            />
            {addButton}
          </>
        }
      />
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <Stack gap="md">
          <Tabs
            value={tipo}
            keepMounted={false}
            onChange={(value) => {
              if (isTipoCadastro(value)) setParams(value === 'cliente' ? {} : { tipo: value });
            }}
          >
            <Tabs.List>
              {TIPOS_CADASTRO.map((value) => (
                <Tabs.Tab key={value} value={value}>
                  {CADASTRO_ENTIDADES[value].plural}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {TIPOS_CADASTRO.map((value) => (
              <Tabs.Panel key={value} value={value} pt="md">
                <Stack gap="md">
                  <SearchInput
                    placeholder={CADASTRO_TEXTOS.pesquisar}
                    aria-label={CADASTRO_TEXTOS.pesquisar}
                    value={busca}
                    onValueChange={(value) => {
                      setBusca(value);
                      // A new search term starts again at the first page.
                      if (page > 1) setPage(1);
                    }}
                    maw={480}
                  />
                  <CadastrosLista
                    tipo={value}
                    busca={busca}
                    page={page}
                    onPageChange={setPage}
                    canManage={canManage}
                    addButton={addButton}
                  />
                </Stack>
              </Tabs.Panel>
            ))}
          </Tabs>
        </Stack>
      </Paper>
    </>
  );
}

function CadastrosLista({
  tipo,
  busca,
  page,
  onPageChange,
  canManage,
  addButton,
}: {
  tipo: TipoCadastro;
  busca: string;
  page: number;
  onPageChange: (page: number) => void;
  canManage: boolean;
  addButton: ReactNode;
}) {
  const aba = useCadastrosAba(tipo);
  const noServidor = aba.data?.completa === false;
  const [termoServidor] = useDebouncedValue(busca.trim(), 300);
  const pagina = useCadastrosPagina(tipo, termoServidor, page, noServidor);
  const remove = useDeleteCadastro(tipo);

  const query = noServidor ? pagina : aba;
  useEffect(() => {
    // A failed list load is only logged (spec 8); the list shows empty.
    if (query.isError) console.error(CADASTRO_TEXTOS.erroBuscar, query.error);
  }, [query.isError, query.error]);

  const rows = noServidor ? undefined : aba.data?.items;
  // Accent- and case-insensitive over nome and email; the normalised text of each row is
  // computed once per load, so a keystroke costs one `includes` per row.
  const index = useMemo(
    () => (rows ?? []).map((row) => normalizeSearch(`${row.nome}\n${row.email ?? ''}`)),
    [rows],
  );
  const termo = useDeferredValue(busca);
  const filtered = useMemo(() => {
    const needle = normalizeSearch(termo);
    if (!rows || needle === '') return rows ?? [];
    return rows.filter((_, position) => index[position]!.includes(needle));
  }, [rows, index, termo]);

  const total = noServidor ? (pagina.data?.total ?? 0) : filtered.length;
  const pageCount = Math.max(1, Math.ceil(total / CADASTROS_PAGE_SIZE));
  const currentPage = Math.min(page, pageCount);
  const pageRows = useMemo(
    () =>
      noServidor
        ? (pagina.data?.items ?? [])
        : filtered.slice(
            (currentPage - 1) * CADASTROS_PAGE_SIZE,
            currentPage * CADASTROS_PAGE_SIZE,
          ),
    [noServidor, pagina.data, filtered, currentPage],
  );

  const excluir = useConfirmDelete(remove.mutateAsync, {
    confirm: (row: CadastroListItem) => CADASTRO_TEXTOS.confirmarExclusao(row.nome),
    success: CADASTRO_TEXTOS.sucessoExcluir,
    error: CADASTRO_TEXTOS.erroExcluir,
  });
  const onDelete = useCallback((row: CadastroListItem) => void excluir(row), [excluir]);

  if (query.isPending) return <PageLoader label={CADASTRO_TEXTOS.carregandoLista} />;

  if (total === 0) {
    const entidade = CADASTRO_ENTIDADES[tipo];
    const hint = busca.trim()
      ? `Nada encontrado para "${busca.trim()}" em nome ou e-mail. Tente outro termo${canManage ? ' ou adicione um novo cadastro' : ''}.`
      : canManage
        ? `Ainda não há ${entidade.plural.toLowerCase()} ${entidade.feminino ? 'cadastradas' : 'cadastrados'}. Adicione ${entidade.feminino ? 'a primeira' : 'o primeiro'}.`
        : `Ainda não há ${entidade.plural.toLowerCase()} ${entidade.feminino ? 'cadastradas' : 'cadastrados'}.`;
    return <EmptyState title={CADASTRO_TEXTOS.listaVazia} hint={hint} action={addButton} />;
  }

  return (
    <CadastrosTable
      rows={pageRows}
      total={total}
      page={currentPage}
      onPageChange={onPageChange}
      canManage={canManage}
      onDelete={onDelete}
    />
  );
}
