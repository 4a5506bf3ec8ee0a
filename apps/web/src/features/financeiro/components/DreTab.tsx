import { Button, Group, Loader, Paper, Table, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { addMonthsISO, todayISO } from '@prumo/shared/dates';
import { FINANCEIRO_MESSAGES } from '@prumo/shared/financeiro';
import { fetchDreCsv, useDre } from '../../../api/financeiro';
import { notifyError } from '../../../components/notify';
import { errorText } from '../../../lib/error-text';
import { saveBlob } from '../../../lib/files';
import { Dinheiro } from './Dinheiro';
import { rotuloMes } from '../../../lib/meses';

const mesDe = (value: unknown) => (value ? String(value).slice(0, 7) : '');

/**
 * DRE Gerencial: the months chosen side by side, one row per line of the statement (the expense
 * categories indented under their total), the period's total, negatives in red; Exportar CSV.
 */
export function DreTab() {
  const atual = todayISO().slice(0, 7);
  const [de, setDe] = useState(addMonthsISO(`${atual}-01`, -5).slice(0, 7));
  const [ate, setAte] = useState(atual);
  const dre = useDre(de, ate);
  const [exportando, setExportando] = useState(false);

  async function exportar() {
    setExportando(true);
    try {
      saveBlob(await fetchDreCsv(de, ate), `dre-${de}-a-${ate}.csv`);
    } catch (error) {
      notifyError(errorText('Erro ao exportar o DRE', error));
    } finally {
      setExportando(false);
    }
  }

  const dados = dre.data;
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <Group gap="sm" align="flex-end">
          <MonthPickerInput
            label="De"
            valueFormat="MM/YYYY"
            value={`${de}-01`}
            maxDate={`${ate}-01`}
            onChange={(value) => setDe(mesDe(value) || de)}
            w={130}
          />
          <MonthPickerInput
            label="Até"
            valueFormat="MM/YYYY"
            value={`${ate}-01`}
            minDate={`${de}-01`}
            onChange={(value) => setAte(mesDe(value) || ate)}
            w={130}
          />
        </Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={exportando}
          onClick={() => void exportar()}
        >
          Exportar CSV
        </Button>
      </Group>
      {!dados ? (
        <Group justify="center" py="xl">
          {dre.isError ? <Text c="dimmed">Erro ao carregar o DRE.</Text> : <Loader />}
        </Group>
      ) : (
        <Table.ScrollContainer minWidth={300 + dados.meses.length * 120}>
          <Table verticalSpacing={6} fz="sm" data-testid="dre" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{FINANCEIRO_MESSAGES.abas.dre}</Table.Th>
                {dados.meses.map((mes) => (
                  <Table.Th key={mes} ta="right">
                    {rotuloMes(mes, true)}
                  </Table.Th>
                ))}
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dados.linhas.map((linha) => {
                const total = linha.nivel === 0 && linha.rotulo.startsWith('(=)');
                return (
                  <Table.Tr
                    key={linha.chave}
                    data-testid="dre-linha"
                    data-chave={linha.chave}
                    bg={total ? 'var(--mantine-color-default-hover)' : undefined}
                  >
                    <Table.Td pl={linha.nivel === 1 ? 32 : undefined} fw={total ? 700 : undefined}>
                      <Text size="sm" c={linha.nivel === 1 ? 'dimmed' : undefined} inherit>
                        {linha.rotulo}
                      </Text>
                    </Table.Td>
                    {linha.valores.map((valor, index) => (
                      <Table.Td
                        key={dados.meses[index]}
                        ta="right"
                        style={{ whiteSpace: 'nowrap' }}
                      >
                        <Dinheiro valor={valor} fw={total ? 700 : undefined} />
                      </Table.Td>
                    ))}
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      <Dinheiro valor={linha.total} fw={700} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
