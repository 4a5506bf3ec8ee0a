import { Badge, Button, Card, Group, Table, Text, Title } from '@mantine/core';
import { descreverUserAgent } from '@prumo/shared/auth';
import { formatDateTime } from '@prumo/shared/dates';
import { useEncerrarSessoes, useSessoes } from '../../../api/perfil';
import { notifyError, notifySuccess } from '../../../components/notify';
import { errorText } from '../../../lib/error-text';
import { PERFIL_TEXTOS } from './perfil-textos';

/** Own open sessions (this one marked); any other can be ended, one or all at once. */
export function SessoesCard() {
  const sessoes = useSessoes();
  const encerrar = useEncerrarSessoes();
  const outras = (sessoes.data ?? []).filter((sessao) => !sessao.atual).map((sessao) => sessao.id);

  function encerrarSessoes(ids: number[], sucesso: string) {
    encerrar.mutate(ids, {
      onSuccess: () => notifySuccess(sucesso),
      onError: (error) => notifyError(errorText(PERFIL_TEXTOS.erroSessoes, error)),
    });
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={3} size="h4">
          Sessões abertas
        </Title>
        {outras.length > 0 && (
          <Button
            variant="light"
            color="red"
            size="xs"
            loading={encerrar.isPending}
            onClick={() => encerrarSessoes(outras, PERFIL_TEXTOS.sessoesEncerradas)}
          >
            Encerrar as outras
          </Button>
        )}
      </Group>
      {sessoes.isError ? (
        <Text c="red">{PERFIL_TEXTOS.erroCarregar}</Text>
      ) : (
        <Table.ScrollContainer minWidth={620}>
          <Table data-testid="sessoes-table" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Dispositivo</Table.Th>
                <Table.Th>IP</Table.Th>
                <Table.Th>Início</Table.Th>
                <Table.Th>Último uso</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(sessoes.data ?? []).map((sessao) => (
                <Table.Tr key={sessao.id}>
                  <Table.Td title={sessao.user_agent ?? undefined}>
                    {descreverUserAgent(sessao.user_agent)}
                  </Table.Td>
                  <Table.Td>{sessao.ip ?? '-'}</Table.Td>
                  <Table.Td>{formatDateTime(sessao.created_at)}</Table.Td>
                  <Table.Td>{formatDateTime(sessao.last_seen_at)}</Table.Td>
                  <Table.Td ta="right">
                    {sessao.atual ? (
                      <Badge variant="light">Esta sessão</Badge>
                    ) : (
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        disabled={encerrar.isPending}
                        onClick={() => encerrarSessoes([sessao.id], PERFIL_TEXTOS.sessaoEncerrada)}
                      >
                        Encerrar
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
