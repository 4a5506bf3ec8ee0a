import { ActionIcon, Alert, Anchor, Group, Paper, ScrollArea, Table, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { formatNumeroLocacao, type Ocupacao } from '@prumo/shared/contratos';
import { addMonthsISO, todayISO } from '@prumo/shared/dates';
import { useCalendarioLocacoes } from '../../../../api/locacoes';
import { PageHeader } from '../../../../components/PageHeader';
import { PageLoader } from '../../../../components/PageLoader';
import { errorText } from '../../../../lib/error-text';
import { LOCACOES_PATH, locacaoPath } from '../paths';
import { corDaSituacaoLocacao, LOCACAO_TEXTOS as T } from '../textos';

const MES = /^\d{4}-(0[1-9]|1[0-2])$/;
/** "Novembro de 2026". */
function nomeDoMes(mes: string): string {
  const nome = new Intl.DateTimeFormat('pt-BR', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${mes}-01T12:00:00Z`));
  return nome.charAt(0).toUpperCase() + nome.slice(1);
}

/** A day's cell of a unit: the rental holding it, its number on the rental's first day shown. */
function Celula({ dia, ocupacao }: { dia: string; ocupacao: Ocupacao | undefined }) {
  if (!ocupacao) return <Table.Td p={0} />;
  const cor = ocupacao.atrasada ? 'red' : corDaSituacaoLocacao(ocupacao.situacao);
  return (
    <Table.Td
      p={0}
      bg={`var(--mantine-color-${cor}-light)`}
      title={`Locação Nº ${formatNumeroLocacao(ocupacao.numero)} — ${ocupacao.cliente_nome}`}
      data-ocupado={ocupacao.numero}
    >
      {dia === ocupacao.de && (
        <Anchor component={Link} to={locacaoPath(ocupacao.locacao_id)} size="xs" px={4}>
          {ocupacao.numero}
        </Anchor>
      )}
    </Table.Td>
  );
}

/**
 * /contratos/locacoes/calendario?mes=aaaa-mm: every unit by day for a month, each day coloured
 * by the rental holding it (reserved, out, late, returned), its number linking to the rental.
 */
export default function CalendarioLocacoesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const pedido = searchParams.get('mes') ?? '';
  const mes = MES.test(pedido) ? pedido : todayISO().slice(0, 7);
  const calendario = useCalendarioLocacoes(mes);
  const ir = (meses: number) =>
    setSearchParams({ mes: addMonthsISO(`${mes}-01`, meses).slice(0, 7) }, { replace: true });

  return (
    <>
      <PageHeader
        title={`${T.calendario} de locações`}
        breadcrumbs={[
          { label: 'Início', to: '/dashboard' },
          { label: T.titulo, to: LOCACOES_PATH },
          { label: T.calendario },
        ]}
      />
      <Paper withBorder radius="md" p="md">
        <Group justify="center" mb="md">
          <ActionIcon variant="default" aria-label="Mês anterior" onClick={() => ir(-1)}>
            <IconChevronLeft size={16} />
          </ActionIcon>
          <Text fw={600} miw={180} ta="center" data-testid="calendario-mes">
            {nomeDoMes(mes)}
          </Text>
          <ActionIcon variant="default" aria-label="Próximo mês" onClick={() => ir(1)}>
            <IconChevronRight size={16} />
          </ActionIcon>
        </Group>
        {calendario.isError && (
          <Alert color="red" variant="light">
            {errorText(T.erroCalendario, calendario.error)}
          </Alert>
        )}
        {!calendario.data ? (
          !calendario.isError && <PageLoader label="Carregando calendário..." />
        ) : calendario.data.unidades.length === 0 ? (
          <Text c="dimmed">{T.semItens}</Text>
        ) : (
          <ScrollArea type="auto">
            <Table withColumnBorders withTableBorder fz="xs" data-testid="calendario-locacoes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th miw={200}>Unidade</Table.Th>
                  {calendario.data.dias.map((dia) => (
                    <Table.Th key={dia} ta="center" miw={26} px={2}>
                      {Number(dia.slice(8))}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {calendario.data.unidades.map((u) => (
                  <Table.Tr key={u.unidade_id} data-unidade={u.unidade_id}>
                    <Table.Td>
                      {u.nome} nº {u.numero}
                      {u.identificacao && (
                        <Text span c="dimmed" fz="xs">
                          {' '}
                          ({u.identificacao})
                        </Text>
                      )}
                    </Table.Td>
                    {calendario.data.dias.map((dia) => (
                      <Celula
                        key={dia}
                        dia={dia}
                        ocupacao={u.ocupacoes.find((o) => o.de <= dia && dia <= o.ate)}
                      />
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Paper>
    </>
  );
}
