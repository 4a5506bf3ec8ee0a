import { ActionIcon, Badge, Paper, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { formatDateTime } from '@prumo/shared/dates';
import { TIPO_IMPORTACAO_LABELS } from '@prumo/shared/importacao';
import { baixarRecusadas, useImportacoes } from '../../../api/importacao';
import { notifyError } from '../../../components/notify';
import { errorText } from '../../../lib/error-text';
import { IMPORTACAO_TEXTOS as T, STATUS_CORES } from '../textos';

/** "Importações anteriores": every import, newest first, with what it did and its refused rows. */
export function HistoricoImportacoes() {
  const historico = useImportacoes();
  const [baixando, setBaixando] = useState<number | null>(null);

  useEffect(() => {
    // A failed list load is only logged (spec 8); the table shows empty.
    if (historico.error) console.error(T.erroHistorico, historico.error);
  }, [historico.error]);

  async function recusadas(id: number) {
    setBaixando(id);
    try {
      await baixarRecusadas(id);
    } catch (error) {
      notifyError(errorText(T.erroRecusadas, error));
    } finally {
      setBaixando(null);
    }
  }

  const linhas = historico.data ?? [];
  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
      <Title order={3} size="h4" mb="sm">
        {T.historico}
      </Title>
      {linhas.length === 0 ? (
        <Text size="sm" c="dimmed">
          {historico.isPending ? '…' : T.historicoVazio}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={880}>
          <Table
            striped
            verticalSpacing="xs"
            style={{ whiteSpace: 'nowrap' }}
            data-testid="historico-importacoes"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.data}</Table.Th>
                <Table.Th>{T.tipo}</Table.Th>
                <Table.Th>{T.arquivoColuna}</Table.Th>
                <Table.Th>{T.usuario}</Table.Th>
                <Table.Th miw={140}>{T.status}</Table.Th>
                <Table.Th ta="right">{T.criados}</Table.Th>
                <Table.Th ta="right">{T.atualizados}</Table.Th>
                <Table.Th ta="right">{T.ignorados}</Table.Th>
                <Table.Th ta="right">{T.recusadas}</Table.Th>
                <Table.Th w={48} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {linhas.map((importacao) => (
                <Table.Tr key={importacao.id}>
                  <Table.Td>{formatDateTime(importacao.created_at)}</Table.Td>
                  <Table.Td>{TIPO_IMPORTACAO_LABELS[importacao.tipo]}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {importacao.arquivo_nome}
                  </Table.Td>
                  <Table.Td>{importacao.usuario_nome ?? '—'}</Table.Td>
                  <Table.Td>
                    <Badge
                      color={STATUS_CORES[importacao.status]}
                      variant="light"
                      style={{ overflow: 'visible' }}
                    >
                      {importacao.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{importacao.criados.toLocaleString('pt-BR')}</Table.Td>
                  <Table.Td ta="right">{importacao.atualizados.toLocaleString('pt-BR')}</Table.Td>
                  <Table.Td ta="right">{importacao.ignorados.toLocaleString('pt-BR')}</Table.Td>
                  <Table.Td ta="right">{importacao.recusados.toLocaleString('pt-BR')}</Table.Td>
                  <Table.Td>
                    {importacao.recusados > 0 && (
                      <Tooltip label={T.baixarRecusadas}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`${T.baixarRecusadas}: ${importacao.arquivo_nome}`}
                          loading={baixando === importacao.id}
                          onClick={() => void recusadas(importacao.id)}
                        >
                          <IconDownload size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
