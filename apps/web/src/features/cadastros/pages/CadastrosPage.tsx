import { Button, Paper, Stack, Tabs } from '@mantine/core';
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
import { normalizeSearch } from '@prumo/shared/search';
import { EmptyState } from '../../../components/EmptyState';
import { useConfirmDelete } from '../../../components/list/use-confirm-delete';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { useSession } from '../../../lib/session';
import { useDeleteCadastro, useCadastros } from '../../../api/cadastros';
import { CadastrosTable, PAGE_SIZE } from '../components/CadastrosTable';
import { SearchInput } from '../../../components/SearchInput';

/** Registry list (/cadastros): tabs per kind, local search over nome and email, paged table. */
export default function CadastrosPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tipo');
  const tipo: TipoCadastro = isTipoCadastro(requested) ? requested : 'cliente';
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
      <PageHeader title={CADASTRO_TEXTOS.titulo} actions={addButton} />
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
                    onValueChange={setBusca}
                    maw={480}
                  />
                  <CadastrosLista
                    tipo={value}
                    busca={busca}
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
  canManage,
  addButton,
}: {
  tipo: TipoCadastro;
  busca: string;
  canManage: boolean;
  addButton: ReactNode;
}) {
  const query = useCadastros(tipo);
  const remove = useDeleteCadastro(tipo);
  const [paging, setPaging] = useState({ termo: '', page: 1 });

  useEffect(() => {
    // A failed list load is only logged (spec 8); the list shows empty.
    if (query.isError) console.error(CADASTRO_TEXTOS.erroBuscar, query.error);
  }, [query.isError, query.error]);

  const rows = query.data;
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

  // A new search term starts again at the first page.
  const page = paging.termo === termo ? paging.page : 1;
  const pageCount = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const currentPage = Math.min(page, pageCount);
  const pageRows = useMemo(
    () => filtered.slice((currentPage - 1) * PAGE_SIZE, currentPage * PAGE_SIZE),
    [filtered, currentPage],
  );

  const excluir = useConfirmDelete(remove.mutateAsync, {
    confirm: (row: CadastroListItem) => CADASTRO_TEXTOS.confirmarExclusao(row.nome),
    success: CADASTRO_TEXTOS.sucessoExcluir,
    error: CADASTRO_TEXTOS.erroExcluir,
  });
  const onDelete = useCallback((row: CadastroListItem) => void excluir(row), [excluir]);
  const onPageChange = useCallback((next: number) => setPaging({ termo, page: next }), [termo]);

  if (query.isPending) return <PageLoader label={CADASTRO_TEXTOS.carregandoLista} />;

  if (filtered.length === 0) {
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
      total={filtered.length}
      page={currentPage}
      onPageChange={onPageChange}
      canManage={canManage}
      onDelete={onDelete}
    />
  );
}
