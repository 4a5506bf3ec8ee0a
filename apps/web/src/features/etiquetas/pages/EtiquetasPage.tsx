import 'mantine-datatable/styles.css';
import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPlus, IconPrinter } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@prumo/shared/dates';
import {
  FONTES_ETIQUETA,
  PADROES_ETIQUETA,
  TAMANHOS_PAGINA,
  type Etiqueta,
} from '@prumo/shared/etiquetas';
import { matchesSearch } from '@prumo/shared/search';
import { confirmAction } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { useDeleteEtiqueta } from '../api/delete-etiqueta';
import { useEtiquetas } from '../api/list-etiquetas';
import { ETIQUETA_TEXTOS, withMessage } from '../texts';
import { EditAction, DeleteAction } from '../../../components/RowActions';
import { TABLE_LOOK } from '../../../components/data-table';
import { SearchInput } from '../../../components/SearchInput';

const EMPTY: Etiqueta[] = [];
/** Columns a phone leaves out. */
const WIDE_ONLY = '(min-width: 48em)';
const label = (list: ReadonlyArray<{ value: string; label: string }>, value: string) =>
  list.find((item) => item.value === value)?.label ?? value;
const medida = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
const mm = (value: number) => (value > 0 ? medida.format(value) : 'auto');

/** /produtos/etiquetas: the label templates (spec 2.8). */
export default function EtiquetasPage() {
  const query = useEtiquetas();
  const deleteEtiqueta = useDeleteEtiqueta();
  const [search, setSearch] = useState('');

  useEffect(() => {
    if (query.error) console.error('Erro ao carregar etiquetas', query.error);
  }, [query.error]);

  const etiquetas = useMemo(
    () => (query.data ?? EMPTY).filter((etiqueta) => matchesSearch(search, etiqueta.nome)),
    [query.data, search],
  );

  async function handleDelete(etiqueta: Etiqueta) {
    if (!(await confirmAction({ message: ETIQUETA_TEXTOS.confirmarExclusao }))) return;
    try {
      await deleteEtiqueta.mutateAsync(etiqueta.id);
      notifySuccess(ETIQUETA_TEXTOS.excluida);
    } catch (error) {
      console.error(ETIQUETA_TEXTOS.erroExcluir, error);
      notifyError(withMessage(ETIQUETA_TEXTOS.erroExcluir, error));
    }
  }

  return (
    <Stack gap={0}>
      <PageHeader
        title="Etiquetas"
        description="Modelos de etiqueta para imprimir os produtos."
        breadcrumbs={[
          { label: 'Início', to: '/dashboard' },
          { label: 'Produtos', to: '/produtos' },
          { label: 'Etiquetas' },
        ]}
        actions={
          <>
            <Button
              component={Link}
              to="/produtos"
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
            >
              Voltar
            </Button>
            <Button
              component={Link}
              to="/produtos/etiquetas/imprimir"
              variant="default"
              leftSection={<IconPrinter size={16} />}
            >
              Imprimir Etiquetas
            </Button>
            <Button
              component={Link}
              to="/produtos/adicionar-etiqueta"
              leftSection={<IconPlus size={16} />}
            >
              Nova Etiqueta
            </Button>
          </>
        }
      />
      <Paper withBorder radius="md" p="md">
        <SearchInput
          mb="md"
          placeholder="Pesquisar etiquetas..."
          aria-label="Pesquisar etiquetas"
          value={search}
          onValueChange={setSearch}
        />
        <DataTable
          data-testid="etiquetas-lista"
          {...TABLE_LOOK}
          minHeight={etiquetas.length === 0 ? 260 : undefined}
          fetching={query.isPending}
          records={etiquetas}
          emptyState={
            etiquetas.length === 0 && !query.isPending ? (
              <EmptyState
                title="Nenhuma etiqueta encontrada"
                hint={
                  search
                    ? 'Nenhuma etiqueta corresponde à pesquisa.'
                    : 'Crie um modelo de etiqueta para imprimir os produtos.'
                }
                action={
                  search ? undefined : (
                    <Button
                      component={Link}
                      to="/produtos/adicionar-etiqueta"
                      leftSection={<IconPlus size={16} />}
                      mt="xs"
                    >
                      Nova Etiqueta
                    </Button>
                  )
                }
              />
            ) : undefined
          }
          columns={[
            {
              accessor: 'nome',
              title: 'Nome',
              render: (etiqueta) => (
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {etiqueta.nome}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {mm(etiqueta.largura_etiqueta)} × {mm(etiqueta.altura_etiqueta)} mm ·{' '}
                    {etiqueta.colunas_pagina}/{etiqueta.linhas_pagina || 'auto'} ·{' '}
                    {etiqueta.tamanho_pagina.toUpperCase()}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'padrao',
              visibleMediaQuery: WIDE_ONLY,
              title: 'Padrão',
              render: (etiqueta) => label(PADROES_ETIQUETA, etiqueta.padrao),
            },
            {
              accessor: 'dimensoes',
              visibleMediaQuery: WIDE_ONLY,
              title: 'Dimensões',
              noWrap: true,
              render: (etiqueta) =>
                `${mm(etiqueta.largura_etiqueta)} × ${mm(etiqueta.altura_etiqueta)} mm`,
            },
            {
              accessor: 'fonte_etiqueta',
              visibleMediaQuery: WIDE_ONLY,
              title: 'Fonte',
              noWrap: true,
              render: (etiqueta) =>
                `${label(FONTES_ETIQUETA, etiqueta.fonte_etiqueta)} ${etiqueta.tamanho_fonte} pt`,
            },
            {
              accessor: 'colunas_linhas',
              visibleMediaQuery: WIDE_ONLY,
              title: 'Colunas/Linhas',
              render: (etiqueta) =>
                `${etiqueta.colunas_pagina}/${etiqueta.linhas_pagina || 'auto'}`,
            },
            {
              accessor: 'tamanho_pagina',
              visibleMediaQuery: WIDE_ONLY,
              title: 'Página',
              render: (etiqueta) =>
                label(TAMANHOS_PAGINA, etiqueta.tamanho_pagina).replace(/ \(.*\)$/, ''),
            },
            {
              accessor: 'created_at',
              visibleMediaQuery: WIDE_ONLY,
              title: 'Criado em',
              noWrap: true,
              render: (etiqueta) => formatDate(etiqueta.created_at),
            },
            {
              accessor: 'acoes',
              title: 'Ações',
              textAlign: 'right',
              width: 128,
              render: (etiqueta) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <ActionIcon
                    component={Link}
                    to={`/produtos/etiquetas/imprimir?etiqueta=${etiqueta.id}`}
                    variant="subtle"
                    title="Imprimir"
                    aria-label={`Imprimir com ${etiqueta.nome}`}
                  >
                    <IconPrinter size={18} />
                  </ActionIcon>
                  <EditAction
                    name={etiqueta.nome}
                    to={`/produtos/etiquetas/editar/${etiqueta.id}`}
                  />
                  <DeleteAction name={etiqueta.nome} onClick={() => void handleDelete(etiqueta)} />
                </Group>
              ),
            },
          ]}
        />
      </Paper>
    </Stack>
  );
}
