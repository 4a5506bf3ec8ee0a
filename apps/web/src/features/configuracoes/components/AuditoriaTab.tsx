import { Button, Group, Modal, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateInputBR } from '../../../components/inputs/DateInputBR';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import {
  ACAO_LABELS,
  ACOES_AUDITORIA,
  RECURSO_LABELS,
  RECURSOS_AUDITORIA,
  type AcaoAuditoria,
  type AuditoriaEntrada,
  type RecursoAuditoria,
} from '@prumo/shared/auditoria';
import { formatDateTime } from '@prumo/shared/dates';
import { AUDITORIA_PAGE_SIZE, useAuditoria, type AuditoriaFiltro } from '../../../api/auditoria';
import { useUsuarios } from '../../../api/usuarios';
import { PT_BR_PAGINATION, TABLE_LOOK } from '../../../components/data-table';
import { EmptyState } from '../../../components/EmptyState';
import {
  AcaoBadge,
  AuditoriaCabecalho,
  AuditoriaCampos,
} from '../../../components/HistoricoAlteracoes';
import { SearchInput } from '../../../components/SearchInput';

const recursoLabel = (recurso: string) => RECURSO_LABELS[recurso as RecursoAuditoria] ?? recurso;

const RECURSO_OPTIONS = RECURSOS_AUDITORIA.map((value) => ({
  value,
  label: RECURSO_LABELS[value],
}));
const ACAO_OPTIONS = ACOES_AUDITORIA.map((value) => ({ value, label: ACAO_LABELS[value] }));

/**
 * Configurações → Auditoria: every create, update, delete and status change, newest first,
 * filtered and paged by the server; a row opens what changed, field by field.
 */
export function AuditoriaTab() {
  const narrow = useMediaQuery('(max-width: 48em)');
  const [texto, setTexto] = useState('');
  const [q] = useDebouncedValue(texto.trim(), 300);
  const [recurso, setRecurso] = useState<string | null>(null);
  const [acao, setAcao] = useState<string | null>(null);
  const [usuarioId, setUsuarioId] = useState<string | null>(null);
  const [de, setDe] = useState<string | null>(null);
  const [ate, setAte] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [aberta, setAberta] = useState<AuditoriaEntrada | null>(null);

  const periodoInvalido = Boolean(de && ate && de > ate);
  const filtro: AuditoriaFiltro = {
    q: q || undefined,
    recurso: (recurso as RecursoAuditoria | null) ?? undefined,
    acao: (acao as AcaoAuditoria | null) ?? undefined,
    usuario_id: usuarioId ? Number(usuarioId) : undefined,
    de: de ?? undefined,
    ate: periodoInvalido ? undefined : (ate ?? undefined),
  };
  const auditoria = useAuditoria(filtro, page);
  const usuarios = useUsuarios();
  const filtrar =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const temFiltro = Boolean(texto || recurso || acao || usuarioId || de || ate);

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          <SearchInput
            label="Pesquisar"
            placeholder="Usuário, recurso ou registro"
            value={texto}
            onValueChange={filtrar(setTexto)}
          />
          <Select
            label="Recurso"
            placeholder="Todos"
            clearable
            data={RECURSO_OPTIONS}
            value={recurso}
            onChange={filtrar(setRecurso)}
          />
          <Select
            label="Ação"
            placeholder="Todas"
            clearable
            data={ACAO_OPTIONS}
            value={acao}
            onChange={filtrar(setAcao)}
          />
          <Select
            label="Usuário"
            placeholder="Todos"
            clearable
            searchable
            data={(usuarios.data ?? []).map((usuario) => ({
              value: String(usuario.id),
              label: usuario.nome,
            }))}
            value={usuarioId}
            onChange={filtrar(setUsuarioId)}
          />
          <DateInputBR
            label="De"
            clearable
            value={de}
            onChange={filtrar((value: string | null) => setDe(value ?? null))}
          />
          <DateInputBR
            label="Até"
            clearable
            value={ate}
            onChange={filtrar((value: string | null) => setAte(value ?? null))}
            error={
              periodoInvalido ? 'A data final deve ser igual ou posterior à inicial' : undefined
            }
          />
        </SimpleGrid>
        {temFiltro && (
          <Group justify="flex-end" mt="sm">
            <Button
              variant="subtle"
              size="xs"
              onClick={() => {
                setTexto('');
                setRecurso(null);
                setAcao(null);
                setUsuarioId(null);
                setDe(null);
                setAte(null);
                setPage(1);
              }}
            >
              Limpar filtros
            </Button>
          </Group>
        )}
      </Paper>

      <DataTable
        data-testid="auditoria-table"
        {...TABLE_LOOK}
        {...PT_BR_PAGINATION}
        striped
        minHeight={160}
        fetching={auditoria.isFetching}
        records={auditoria.data?.items ?? []}
        totalRecords={auditoria.data?.total ?? 0}
        recordsPerPage={AUDITORIA_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        onRowClick={({ record }) => setAberta(record)}
        emptyState={
          auditoria.isError ? (
            <EmptyState title="Erro ao carregar a auditoria" hint={auditoria.error.message} />
          ) : (
            <EmptyState
              title="Nenhuma alteração encontrada"
              hint={temFiltro ? 'Ajuste os filtros para ver mais alterações.' : undefined}
            />
          )
        }
        columns={[
          {
            accessor: 'created_at',
            title: 'Data/hora',
            width: 150,
            render: (entrada) =>
              narrow ? (
                <Stack gap={0}>
                  <Text size="sm">{formatDateTime(entrada.created_at)}</Text>
                  <Text size="xs" c="dimmed">
                    {entrada.usuario_nome ?? 'Sistema'}
                  </Text>
                </Stack>
              ) : (
                formatDateTime(entrada.created_at)
              ),
          },
          {
            accessor: 'usuario_nome',
            title: 'Usuário',
            hidden: narrow,
            render: (entrada) => entrada.usuario_nome ?? 'Sistema',
          },
          {
            accessor: 'acao',
            title: 'Ação',
            render: (entrada) => <AcaoBadge acao={entrada.acao} />,
          },
          {
            accessor: 'recurso',
            title: 'Recurso',
            hidden: narrow,
            render: (entrada) => recursoLabel(entrada.recurso),
          },
          {
            accessor: 'registro_id',
            title: 'Registro',
            render: (entrada) =>
              narrow
                ? `${recursoLabel(entrada.recurso)} #${entrada.registro_id}`
                : `#${entrada.registro_id}`,
          },
        ]}
      />

      <Modal
        opened={aberta !== null}
        onClose={() => setAberta(null)}
        size="lg"
        fullScreen={narrow}
        title={
          aberta && (
            <Text fw={600}>
              {recursoLabel(aberta.recurso)} #{aberta.registro_id}
            </Text>
          )
        }
      >
        {aberta && (
          <Stack gap="sm">
            <AuditoriaCabecalho entrada={aberta} />
            <AuditoriaCampos entrada={aberta} />
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
