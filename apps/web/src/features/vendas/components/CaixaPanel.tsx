import {
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconArrowDownRight,
  IconArrowUpRight,
  IconCashRegister,
  IconLock,
  IconPrinter,
} from '@tabler/icons-react';
import { useState } from 'react';
import { CAIXA_MESSAGES, type Caixa, type TipoMovimentoCaixa } from '@prumo/shared/caixas';
import { formatDateTime } from '@prumo/shared/dates';
import { formatMoney } from '@prumo/shared/money';
import { formaPagamentoLabel } from '@prumo/shared/vendas';
import { fetchRelatorioCaixa } from '../../../api/caixas';
import { baixarPdf } from '../imprimir';
import { CAIXA_TEXTOS } from '../texts';
import { Campo } from './Campo';
import { AbrirCaixaModal, Diferenca, FecharCaixaModal, MovimentoCaixaModal } from './CaixaModals';

/**
 * The operator's caixa on the Balcão tab: none open (Abrir Caixa with the fundo de troco), open
 * (its figures, Sangria, Suprimento, Fechar Caixa) or just closed (read-only: expected, counted
 * and difference per method, and its closing report).
 */
export function CaixaPanel({
  caixa,
  loading,
}: {
  caixa: Caixa | null | undefined;
  loading: boolean;
}) {
  const [abrir, setAbrir] = useState(false);
  const [movimento, setMovimento] = useState<TipoMovimentoCaixa | null>(null);
  const [fechar, setFechar] = useState(false);
  const [fechado, setFechado] = useState<Caixa | null>(null);

  if (loading) {
    return (
      <Paper withBorder radius="md" p="md">
        <Skeleton h={140} />
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" data-testid="caixa-panel">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {CAIXA_MESSAGES.titulo}
          </Title>
          <Badge color={caixa ? 'green' : 'gray'} variant="light" data-testid="caixa-status">
            {caixa ? CAIXA_MESSAGES.aberto : CAIXA_MESSAGES.fechado}
          </Badge>
        </Group>

        {caixa ? (
          <>
            <Text size="xs" c="dimmed">
              Aberto em {formatDateTime(caixa.aberto_em)}
              {caixa.usuario_nome ? ` por ${caixa.usuario_nome}` : ''}
            </Text>
            <SimpleGrid cols={2} spacing="xs">
              <Campo label={CAIXA_TEXTOS.fundoTroco}>{formatMoney(caixa.valor_inicial)}</Campo>
              <Campo label="Vendas">
                {caixa.vendas} · {formatMoney(caixa.total_vendas)}
              </Campo>
              <Campo label="Sangrias">{formatMoney(caixa.sangrias)}</Campo>
              <Campo label="Suprimentos">{formatMoney(caixa.suprimentos)}</Campo>
            </SimpleGrid>
            <Campo label="Dinheiro esperado no caixa">
              <Text span size="lg" fw={700} data-testid="caixa-dinheiro-esperado">
                {formatMoney(
                  caixa.formas.find((forma) => forma.forma === 'dinheiro')?.esperado ?? 0,
                )}
              </Text>
            </Campo>
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                color="orange"
                leftSection={<IconArrowUpRight size={14} />}
                onClick={() => setMovimento('sangria')}
              >
                {CAIXA_MESSAGES.sangria}
              </Button>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconArrowDownRight size={14} />}
                onClick={() => setMovimento('suprimento')}
              >
                {CAIXA_MESSAGES.suprimento}
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                leftSection={<IconLock size={14} />}
                onClick={() => setFechar(true)}
              >
                {CAIXA_MESSAGES.fechar}
              </Button>
            </Group>
            <MovimentoCaixaModal
              caixaId={caixa.id}
              tipo={movimento}
              onClose={() => setMovimento(null)}
            />
            <FecharCaixaModal
              caixa={caixa}
              opened={fechar}
              onClose={() => setFechar(false)}
              onFechado={(resultado) => {
                setFechar(false);
                setFechado(resultado);
              }}
            />
          </>
        ) : (
          <>
            {fechado ? (
              <CaixaFechado caixa={fechado} />
            ) : (
              <Text size="sm" c="dimmed">
                {CAIXA_MESSAGES.nenhumAberto}
              </Text>
            )}
            <Button leftSection={<IconCashRegister size={16} />} onClick={() => setAbrir(true)}>
              {CAIXA_MESSAGES.abrir}
            </Button>
          </>
        )}
      </Stack>
      <AbrirCaixaModal opened={abrir} onClose={() => setAbrir(false)} />
    </Paper>
  );
}

/** A closed caixa, read-only: per method what was expected, counted and the difference. */
function CaixaFechado({ caixa }: { caixa: Caixa }) {
  return (
    <Stack gap="xs" data-testid="caixa-fechado">
      <Text size="xs" c="dimmed">
        Fechado em {formatDateTime(caixa.fechado_em)}
        {caixa.fechado_por_nome ? ` por ${caixa.fechado_por_nome}` : ''}
      </Text>
      {caixa.formas.map((forma) => (
        <Group
          key={forma.forma}
          justify="space-between"
          wrap="nowrap"
          gap="xs"
          data-testid={`caixa-fechado-${forma.forma}`}
        >
          <div>
            <Text size="sm" fw={500}>
              {formaPagamentoLabel(forma.forma)}
            </Text>
            <Text size="xs" c="dimmed">
              Esperado {formatMoney(forma.esperado)} · contado {formatMoney(forma.contado ?? 0)}
            </Text>
          </div>
          <Text size="sm">
            <Diferenca valor={forma.diferenca ?? 0} />
          </Text>
        </Group>
      ))}
      <Group>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPrinter size={14} />}
          onClick={() =>
            void baixarPdf(() => fetchRelatorioCaixa(caixa.id), CAIXA_TEXTOS.erroRelatorio)
          }
        >
          Imprimir
        </Button>
      </Group>
    </Stack>
  );
}
