import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ADMIN_MANAGER, hasRole } from '@prumo/shared/auth';
import { formatDateTime } from '@prumo/shared/dates';
import { formatQuantidadeUnidade } from '@prumo/shared/estoque';
import { NATUREZAS, statusParcelaLabel } from '@prumo/shared/financeiro';
import {
  ACERTO_DEVOLUCAO_LABELS,
  DEVOLUCOES_MENSAGENS as M,
  TIPO_DEVOLUCAO_LABELS,
  type Devolucao,
  type NotaFiscal,
} from '@prumo/shared/fiscal';
import { formatMoney } from '@prumo/shared/money';
import { useDevolucao } from '../../../api/fiscal';
import { DEVOLUCAO_TEXTOS as T } from '../../../components/fiscal/devolucao';
import { DevolucaoDialog } from '../../../components/fiscal/DevolucaoDialog';
import { formatChave, formatNumeroNota } from '../../../components/fiscal/nota';
import { errorText } from '../../../lib/error-text';
import { useSession } from '../../../lib/session';
import { entradaPath, notaPath, tituloPath } from '../paths';

/** A note that may be returned: an authorized sale's note (NF-e or NFC-e), not a return's. */
export const devolvivel = (nota: Pick<NotaFiscal, 'situacao' | 'finalidade'>) =>
  nota.situacao === 'Autorizada' && nota.finalidade === 1;

/** "Registrar devolução" in the note's action bar (admins and managers), with its dialog. */
export function RegistrarDevolucaoButton({ nota }: { nota: NotaFiscal }) {
  const gerente = hasRole(useSession().user?.role, ADMIN_MANAGER);
  const [aberto, setAberto] = useState(false);
  if (!gerente || !devolvivel(nota)) return null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconArrowBackUp size={16} />}
        onClick={() => setAberto(true)}
      >
        {T.registrar}
      </Button>
      <DevolucaoDialog
        origem={aberto ? { tipo: 'cliente', nota_id: nota.id } : null}
        onClose={() => setAberto(false)}
      />
    </>
  );
}

function Campo({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </div>
  );
}

/** The original note: the sale's (its screen) or the purchase's (the entry by XML). */
function NotaReferenciada({ devolucao }: { devolucao: Devolucao }) {
  const numero = `Nº ${formatNumeroNota(devolucao.numero_origem)}`;
  if (devolucao.nota_origem_id !== null) {
    return (
      <Anchor component={Link} to={notaPath(devolucao.nota_origem_id)} size="sm">
        {numero}
      </Anchor>
    );
  }
  if (devolucao.entrada_id !== null) {
    return (
      <Anchor component={Link} to={entradaPath(devolucao.entrada_id)} size="sm">
        {numero} (entrada por XML de compra)
      </Anchor>
    );
  }
  return <>{numero}</>;
}

function Conteudo({ devolucao }: { devolucao: Devolucao }) {
  return (
    <Stack gap="md">
      {devolucao.cancelada_em && (
        <Alert
          color="dark"
          variant="light"
          title={`Desfeita em ${formatDateTime(devolucao.cancelada_em)}`}
          data-testid="devolucao-desfeita"
        >
          {M.devolucaoDesfeita}.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
        <Campo label="Tipo">{TIPO_DEVOLUCAO_LABELS[devolucao.tipo]}</Campo>
        <Campo label="Nota de origem">
          <NotaReferenciada devolucao={devolucao} />
        </Campo>
        <Campo label={devolucao.tipo === 'cliente' ? 'Cliente' : 'Fornecedor'}>
          {devolucao.pessoa_nome}
        </Campo>
        <Campo label="Acerto">{ACERTO_DEVOLUCAO_LABELS[devolucao.tipo][devolucao.acerto]}</Campo>
        <Campo label="Valor">{formatMoney(devolucao.valor_total)}</Campo>
        <Campo label="Registrada em">
          {formatDateTime(devolucao.created_at)}
          {devolucao.usuario_nome ? ` · ${devolucao.usuario_nome}` : ''}
        </Campo>
      </SimpleGrid>
      <div>
        <Text size="xs" c="dimmed">
          Chave referenciada
        </Text>
        <Text
          ff="monospace"
          size="sm"
          style={{ wordBreak: 'break-word' }}
          data-testid="devolucao-chave-referenciada"
        >
          {formatChave(devolucao.chave_referenciada)}
        </Text>
      </div>
      <Campo label={T.motivo}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="devolucao-motivo">
          {devolucao.motivo}
        </Text>
      </Campo>

      <Table.ScrollContainer minWidth={560}>
        <Table striped withTableBorder data-testid="devolucao-itens">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Quantidade</Table.Th>
              <Table.Th ta="right">Valor unitário</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {devolucao.itens.map((item) => (
              <Table.Tr key={item.n_item}>
                <Table.Td>
                  <Text size="sm">
                    {item.n_item}. {item.descricao}
                  </Text>
                  {item.produto_nome !== item.descricao && (
                    <Text size="xs" c="dimmed">
                      {item.produto_nome}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatQuantidadeUnidade(item.quantidade, item.unidade)}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(item.valor_unitario)}</Table.Td>
                <Table.Td ta="right">{formatMoney(item.valor_total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {devolucao.movimentacoes.length > 0 && (
        <Text size="xs" c="dimmed">
          {devolucao.movimentacoes.length} movimentação(ões) no estoque.
        </Text>
      )}
      {devolucao.titulos.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Financeiro
          </Text>
          {devolucao.titulos.map((titulo) => (
            <Group key={titulo.id} gap="xs" data-testid="devolucao-titulo">
              <Anchor component={Link} to={tituloPath(titulo.id)} size="sm">
                {titulo.descricao}
              </Anchor>
              <Text size="xs" c="dimmed">
                {NATUREZAS.find((n) => n.value === titulo.natureza)?.label ?? titulo.natureza}
              </Text>
              <Text size="sm">{formatMoney(titulo.valor)}</Text>
              <Badge size="sm" variant="light">
                {statusParcelaLabel(titulo.status)}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * On a return's note (finalidade 4): the return it was issued for (GET /api/devolucoes/{id}):
 * its tipo, the referenced key with a link to the original note (or the purchase's entry), the
 * reason, the settlement, the items and what it wrote in Financeiro; once the note was
 * cancelled, that the return was undone with it.
 */
export function DevolucaoDaNotaPainel({ nota }: { nota: NotaFiscal }) {
  const devolucao = useDevolucao(nota.finalidade === 4 ? nota.devolucao_id : null);
  if (nota.finalidade !== 4 || nota.devolucao_id === null) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="nota-devolucao">
      <Title order={2} size="h4" mb="sm">
        Devolução
      </Title>
      {devolucao.data ? (
        <Conteudo devolucao={devolucao.data} />
      ) : devolucao.isError ? (
        <Text size="sm" c="red">
          {errorText(T.erroCarregar, devolucao.error)}
        </Text>
      ) : (
        <Group justify="center" p="md">
          <Loader size="sm" />
        </Group>
      )}
    </Paper>
  );
}
