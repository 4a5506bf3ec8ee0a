import { Alert, Badge, Button, Group, List, Paper, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconSettings } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '@prumo/shared/dates';
import {
  AMBIENTE_LABELS,
  CENARIO_LABELS,
  CENARIOS_SIMULACAO,
  type AmbienteFiscal,
  type CenarioSimulacao,
  type StatusFiscal,
} from '@prumo/shared/fiscal';
import {
  useConsultarSefaz,
  useDefinirCenarioSimulacao,
  useStatusFiscal,
} from '../../../api/fiscal';
import { SemValorFiscalBadge } from '../../../components/fiscal/nota';
import { notifyError } from '../../../components/notify';
import { errorText } from '../../../lib/error-text';
import { useSession } from '../../../lib/session';
import { CONFIGURACAO_FISCAL_PATH } from '../paths';
import { NOTA_TEXTOS } from '../textos';

const AMBIENTE_COR: Record<AmbienteFiscal, string> = {
  simulacao: 'yellow',
  homologacao: 'blue',
  producao: 'green',
};

function Sefaz({ sefaz }: { sefaz: StatusFiscal['sefaz'] }) {
  const [cor, texto] =
    sefaz.online === null
      ? ['gray', 'não consultada']
      : sefaz.online
        ? ['teal', 'online']
        : ['red', 'sem resposta'];
  return (
    <Group gap={6} data-testid="sefaz-online">
      <Badge color={cor} variant="dot" size="lg" style={{ flexShrink: 0 }}>
        SEFAZ {texto}
      </Badge>
      {(sefaz.x_motivo || sefaz.consultado_em) && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {sefaz.c_stat !== null ? `${sefaz.c_stat} · ` : ''}
          {sefaz.x_motivo ?? ''}
          {sefaz.consultado_em ? ` (${formatDateTime(sefaz.consultado_em)})` : ''}
        </Text>
      )}
    </Group>
  );
}

const CENARIO_OPCOES = CENARIOS_SIMULACAO.map((value) => ({
  value,
  label: CENARIO_LABELS[value],
}));

/**
 * The simulated SEFAZ's behaviour (admins and managers, ambiente de simulação): stop it answering to see a
 * counter sale go on in contingency, and the queue transmit once it answers again.
 */
function CenarioSimulacaoSelect({ cenario }: { cenario: CenarioSimulacao }) {
  const definir = useDefinirCenarioSimulacao();
  async function mudar(valor: string | null) {
    if (!valor || valor === cenario) return;
    try {
      await definir.mutateAsync(valor as CenarioSimulacao);
    } catch (error) {
      console.error(NOTA_TEXTOS.erroCenario, error);
      notifyError(errorText(NOTA_TEXTOS.erroCenario, error));
    }
  }
  return (
    <Select
      size="xs"
      w={250}
      aria-label="Cenário da simulação"
      allowDeselect={false}
      data={CENARIO_OPCOES}
      value={cenario}
      disabled={definir.isPending}
      onChange={(valor) => void mudar(valor)}
    />
  );
}

/** What is missing before notes can be issued, and where to fix it (admins only go there). */
function NaoPronto({ pendencias }: { pendencias: string[] }) {
  const admin = useSession().user?.role === 'admin';
  return (
    <Alert
      color="yellow"
      icon={<IconAlertTriangle size={18} />}
      title="A emissão ainda não está configurada"
      data-testid="fiscal-nao-pronto"
    >
      <Stack gap="xs">
        {pendencias.length > 0 && (
          <List size="sm">
            {pendencias.map((pendencia) => (
              <List.Item key={pendencia}>{pendencia}</List.Item>
            ))}
          </List>
        )}
        {admin ? (
          <Group>
            <Button
              component={Link}
              to={CONFIGURACAO_FISCAL_PATH}
              size="xs"
              variant="light"
              color="yellow"
              leftSection={<IconSettings size={14} />}
            >
              Abrir Configurações → Fiscal
            </Button>
          </Group>
        ) : (
          <Text size="sm">Peça a um administrador para completar Configurações → Fiscal.</Text>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * The strip over the notes: the ambiente (SEM VALOR FISCAL outside produção), SEFAZ as last
 * known with its reason, the contingency queue, "Consultar SEFAZ", and what is missing when
 * emission is not ready.
 */
export function StatusSefaz() {
  const status = useStatusFiscal({ acompanharFila: true });
  const consultar = useConsultarSefaz();
  const role = useSession().user?.role;
  const podeSimular = role === 'admin' || role === 'manager';

  // SEFAZ not asked since the server started: ask once, so the strip says how it is.
  const nuncaConsultada = status.data?.sefaz.online === null;
  const consultou = useRef(false);
  const { mutate: consultarEmSilencio } = consultar;
  useEffect(() => {
    if (!nuncaConsultada || consultou.current) return;
    consultou.current = true;
    consultarEmSilencio();
  }, [nuncaConsultada, consultarEmSilencio]);

  if (status.isError) {
    return (
      <Text size="sm" c="dimmed" mb="md">
        {NOTA_TEXTOS.erroStatus}
      </Text>
    );
  }
  if (!status.data) return null;
  const {
    ambiente,
    sefaz,
    fila_contingencia,
    fila_executada_em,
    fila_resultado,
    nfe_ativa,
    nfce_ativa,
    pronto,
    pendencias,
    cenario_simulacao,
  } = status.data;

  async function consultarAgora() {
    try {
      await consultar.mutateAsync();
    } catch (error) {
      console.error(NOTA_TEXTOS.erroConsultarSefaz, error);
      notifyError(errorText(NOTA_TEXTOS.erroConsultarSefaz, error));
    }
  }

  return (
    <Stack gap="sm" mb="md">
      <Paper withBorder radius="md" px="md" py="sm" data-testid="status-sefaz">
        <Group justify="space-between" gap="sm">
          <Group gap="md">
            <Group gap={6}>
              <Badge color={AMBIENTE_COR[ambiente]} variant="light" size="lg">
                {AMBIENTE_LABELS[ambiente]}
              </Badge>
              <SemValorFiscalBadge ambiente={ambiente} />
            </Group>
            <Sefaz sefaz={sefaz} />
            <Text size="sm" c={fila_contingencia > 0 ? 'orange' : 'dimmed'} fw={500}>
              Fila de contingência: {fila_contingencia}
            </Text>
            {fila_executada_em && (
              <Text size="xs" c="dimmed">
                Fila verificada em {formatDateTime(fila_executada_em)}: {fila_resultado}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              NF-e {nfe_ativa ? 'ativa' : 'desativada'} · NFC-e{' '}
              {nfce_ativa ? 'ativa' : 'desativada'}
            </Text>
          </Group>
          <Group gap="xs">
            {podeSimular && cenario_simulacao && (
              <CenarioSimulacaoSelect cenario={cenario_simulacao} />
            )}
            <Button
              variant="default"
              size="xs"
              leftSection={<IconRefresh size={14} />}
              loading={consultar.isPending}
              onClick={() => void consultarAgora()}
            >
              Consultar SEFAZ
            </Button>
          </Group>
        </Group>
      </Paper>
      {!pronto && <NaoPronto pendencias={pendencias} />}
    </Stack>
  );
}
