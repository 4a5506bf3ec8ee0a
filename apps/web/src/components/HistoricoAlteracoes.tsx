import { Badge, Button, Center, Drawer, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { ACAO_LABELS, type AcaoAuditoria, type AuditoriaEntrada } from '@prumo/shared/auditoria';
import { formatDateTime } from '@prumo/shared/dates';
import { useHistoricoRegistro } from '../api/auditoria';
import { useSession } from '../lib/session';
import { camposAuditados } from './auditoria-diff';

const ACAO_COLORS: Record<AcaoAuditoria, string> = {
  criar: 'green',
  atualizar: 'blue',
  excluir: 'red',
  status: 'orange',
};

export function AcaoBadge({ acao }: { acao: AcaoAuditoria }) {
  return (
    <Badge color={ACAO_COLORS[acao]} variant="light">
      {ACAO_LABELS[acao]}
    </Badge>
  );
}

/** What one audit entry changed, field by field: before → after. */
export function AuditoriaCampos({ entrada }: { entrada: AuditoriaEntrada }) {
  const campos = camposAuditados(entrada);
  if (campos.length === 0) return <Text c="dimmed">Nenhum campo alterado.</Text>;
  const mostraAntes = entrada.antes !== null;
  const mostraDepois = entrada.depois !== null;
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table striped withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Campo</Table.Th>
            {mostraAntes && <Table.Th>Antes</Table.Th>}
            {mostraDepois && <Table.Th>Depois</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {campos.map((campo) => (
            <Table.Tr key={campo.campo}>
              <Table.Td fw={500}>{campo.campo}</Table.Td>
              {mostraAntes && (
                <Table.Td style={{ wordBreak: 'break-word' }}>{campo.antes}</Table.Td>
              )}
              {mostraDepois && (
                <Table.Td style={{ wordBreak: 'break-word' }}>{campo.depois}</Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Who did what, and when: the heading of an entry. */
export function AuditoriaCabecalho({ entrada }: { entrada: AuditoriaEntrada }) {
  return (
    <Group gap="xs">
      <AcaoBadge acao={entrada.acao} />
      <Text size="sm" fw={500}>
        {entrada.usuario_nome ?? 'Sistema'}
      </Text>
      <Text size="sm" c="dimmed">
        {formatDateTime(entrada.created_at)}
      </Text>
    </Group>
  );
}

/**
 * "Histórico" on an edit screen: admins open the record's audit trail in a drawer. Other roles
 * do not see the button (the server refuses them the trail anyway).
 */
export function HistoricoButton({
  recurso,
  registroId,
}: {
  recurso: string;
  registroId: number | string;
}) {
  const { user } = useSession();
  const [aberto, setAberto] = useState(false);
  const narrow = useMediaQuery('(max-width: 48em)');
  const historico = useHistoricoRegistro(recurso, registroId, aberto);
  if (user?.role !== 'admin') return null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconHistory size={16} />}
        onClick={() => setAberto(true)}
      >
        Histórico
      </Button>
      <Drawer
        opened={aberto}
        onClose={() => setAberto(false)}
        position="right"
        size={narrow ? '100%' : 640}
        title={
          <Text fw={600} size="lg">
            Histórico de alterações
          </Text>
        }
      >
        {historico.isPending ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : historico.isError ? (
          <Text c="red">{historico.error.message}</Text>
        ) : historico.data.length === 0 ? (
          <Text c="dimmed">Nenhuma alteração registrada.</Text>
        ) : (
          <Stack gap="lg">
            {historico.data.map((entrada) => (
              <Stack key={entrada.id} gap="xs">
                <AuditoriaCabecalho entrada={entrada} />
                <AuditoriaCampos entrada={entrada} />
              </Stack>
            ))}
          </Stack>
        )}
      </Drawer>
    </>
  );
}
