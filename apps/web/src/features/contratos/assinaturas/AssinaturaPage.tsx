import {
  Alert,
  Anchor,
  Badge,
  Button,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSwitchHorizontal, IconX } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Assinatura } from '@prumo/shared/contratos';
import { formatDate } from '@prumo/shared/dates';
import { formatMoney } from '@prumo/shared/money';
import { FORMAS_PAGAMENTO } from '@prumo/shared/vendas';
import { useAssinatura } from '../../../api/assinaturas';
import { notifyError } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { errorText } from '../../../lib/error-text';
import { tituloPath } from '../paths';
import { periodoTexto } from '../textos';
import { CancelarAssinaturaModal } from './CancelarAssinaturaModal';
import { MudarPlanoModal } from './MudarPlanoModal';
import { SituacaoAssinaturaBadge } from './SituacaoAssinaturaBadge';
import { ASSINATURA_TEXTOS as T, ASSINATURAS_PATH, nomeAssinatura, precoPorCiclo } from './textos';

const SITUACAO_TITULO = {
  aberto: { label: 'Em aberto', cor: 'yellow' },
  pago: { label: 'Pago', cor: 'green' },
  cancelado: { label: 'Cancelado', cor: 'gray' },
} as const;

function Dado({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </div>
  );
}

function AssinaturaView({ assinatura: a }: { assinatura: Assinatura }) {
  const [mudarAberto, mudar] = useDisclosure(false);
  const [cancelarAberto, cancelar] = useDisclosure(false);
  const nome = nomeAssinatura(a.numero);
  const podeMudar = a.situacao === 'Em teste' || a.situacao === 'Ativa';
  return (
    <>
      <PageHeader
        title={nome}
        description={`${a.cliente_nome} · ${a.plano_nome}`}
        breadcrumbs={[
          { label: 'Início', to: '/dashboard' },
          { label: T.titulo, to: ASSINATURAS_PATH },
          { label: nome },
        ]}
        actions={
          a.situacao !== 'Cancelada' && (
            <>
              {podeMudar && (
                <Button
                  variant="default"
                  leftSection={<IconSwitchHorizontal size={16} />}
                  onClick={mudar.open}
                >
                  {T.mudarPlano}
                </Button>
              )}
              <Button
                color="red"
                variant="light"
                leftSection={<IconX size={16} />}
                onClick={cancelar.open}
              >
                {T.cancelar}
              </Button>
            </>
          )
        }
      />
      <Stack gap="md">
        {a.cancelar_ao_fim && a.situacao !== 'Cancelada' && (
          <Alert color="orange" variant="light" data-testid="cancela-ao-fim">
            {T.cancelaAoFim}
            {a.motivo_cancelamento ? `: ${a.motivo_cancelamento}` : ''}
          </Alert>
        )}
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 2, md: 4 }} data-testid="assinatura-dados">
            <Dado label="Situação">
              <SituacaoAssinaturaBadge situacao={a.situacao} />
            </Dado>
            <Dado label="Plano">{`${a.plano_nome} — ${precoPorCiclo(a.valor, a.ciclo)}`}</Dado>
            <Dado label="Início">{formatDate(a.inicio)}</Dado>
            <Dado label="Fim do teste">{a.fim_teste ? formatDate(a.fim_teste) : 'Sem teste'}</Dado>
            <Dado label="Período atual">
              {a.periodo_atual ? periodoTexto(a.periodo_atual.inicio, a.periodo_atual.fim) : '—'}
            </Dado>
            <Dado label="Próxima renovação">
              <span data-testid="proxima-renovacao">
                {a.proxima_renovacao ? formatDate(a.proxima_renovacao) : '—'}
              </span>
            </Dado>
            <Dado label="Pagamento">
              {FORMAS_PAGAMENTO.find((f) => f.value === a.forma_pagamento)?.label ??
                a.forma_pagamento}
              {` · vence ${a.dias_vencimento} dia(s) após a renovação`}
            </Dado>
            {a.cancelada_em && (
              <Dado label="Cancelada em">
                {formatDate(a.cancelada_em)}
                {a.motivo_cancelamento ? ` — ${a.motivo_cancelamento}` : ''}
              </Dado>
            )}
          </SimpleGrid>
        </Paper>

        <Paper withBorder radius="md" p="md">
          <Title order={4} mb="sm">
            {T.faturas}
          </Title>
          {a.faturas.length === 0 ? (
            <Text size="sm" c="dimmed">
              {T.semFaturas}
            </Text>
          ) : (
            <Table striped fz="sm" data-testid="assinatura-faturas">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Período</Table.Th>
                  <Table.Th>Vencimento</Table.Th>
                  <Table.Th ta="right">Valor</Table.Th>
                  <Table.Th>Situação</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {a.faturas.map((f) => (
                  <Table.Tr key={f.id}>
                    <Table.Td>
                      <Anchor component={Link} to={tituloPath(f.titulo_id)} size="sm">
                        {periodoTexto(f.periodo_inicio, f.periodo_fim)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatDate(f.vencimento)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(f.valor)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={SITUACAO_TITULO[f.situacao_titulo].cor}>
                        {SITUACAO_TITULO[f.situacao_titulo].label}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>

        {a.mudancas.length > 0 && (
          <Paper withBorder radius="md" p="md">
            <Title order={4} mb="sm">
              {T.mudancas}
            </Title>
            <Table striped fz="sm" data-testid="assinatura-mudancas">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Data</Table.Th>
                  <Table.Th>De → para</Table.Th>
                  <Table.Th ta="right">Crédito</Table.Th>
                  <Table.Th ta="right">Cobrança</Table.Th>
                  <Table.Th ta="right">Diferença</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {a.mudancas.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>{formatDate(m.data)}</Table.Td>
                    <Table.Td>
                      {m.plano_anterior} → {m.plano_novo}
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(m.credito)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(m.cobranca)}</Table.Td>
                    <Table.Td ta="right">
                      {m.titulo_id ? (
                        <Anchor component={Link} to={tituloPath(m.titulo_id)} size="sm">
                          {formatMoney(m.total)}
                        </Anchor>
                      ) : (
                        formatMoney(m.total)
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </Stack>
      <MudarPlanoModal assinatura={a} opened={mudarAberto} onClose={mudar.close} />
      <CancelarAssinaturaModal assinatura={a} opened={cancelarAberto} onClose={cancelar.close} />
    </>
  );
}

/** /contratos/assinaturas/{id}: the subscription, its bills (links to Financeiro) and its actions. */
export default function AssinaturaPage() {
  const params = useParams();
  const id = Number(params.id);
  const navigate = useNavigate();
  const assinatura = useAssinatura(id);
  const failed = !Number.isInteger(id) || id <= 0 || assinatura.isError;
  useEffect(() => {
    if (!failed) return;
    notifyError(errorText(T.erroCarregarAssinatura, assinatura.error));
    void navigate(ASSINATURAS_PATH, { replace: true });
  }, [failed, navigate, assinatura.error]);
  if (failed || !assinatura.data) return <PageLoader label={T.carregando} />;
  return <AssinaturaView assinatura={assinatura.data} />;
}
