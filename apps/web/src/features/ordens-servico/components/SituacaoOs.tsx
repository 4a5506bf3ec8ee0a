import { Button, Group, Modal, Stack, Text, Textarea, TextInput, Timeline } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { formatDateTime } from '@prumo/shared/dates';
import {
  ACAO_SITUACAO_OS,
  OS_MESSAGES,
  OS_TRANSICOES,
  situacaoOsLabel,
  type OrdemServico,
  type SituacaoOS,
} from '@prumo/shared/ordens-servico';
import { useMudarSituacaoOs } from '../../../api/ordens-servico';
import { SaveButton } from '../../../components/form/SaveButton';
import { notifyError, notifySuccess } from '../../../components/notify';
import { newIdempotencyKey } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { FormSection } from '../../../components/form/FormSection';
import { SituacaoOsBadge } from './badges';

const ERRO_SITUACAO = 'Erro ao mudar a situação da ordem de serviço';

const COR_ACAO: Partial<Record<SituacaoOS, string>> = {
  'em-andamento': 'indigo',
  concluida: 'green',
  entregue: 'teal',
  cancelada: 'red',
};

/** What a move asks before it is made: who approved, or to whom the equipment was handed. */
type Pergunta = 'aprovado_por' | 'entregue_a';

/** What a move asks first (null: it is made at once, or only confirmed when it cancels). */
export function perguntaDaMudanca(de: SituacaoOS, para: SituacaoOS): Pergunta | null {
  if (de === 'aguardando-aprovacao' && para === 'em-andamento') return 'aprovado_por';
  if (para === 'entregue') return 'entregue_a';
  return null;
}

const TEXTOS_PERGUNTA: Record<Pergunta, { label: string; obrigatorio: string; texto: string }> = {
  aprovado_por: {
    label: 'Aprovado por',
    obrigatorio: OS_MESSAGES.aprovadoPorObrigatorio,
    texto: 'Registre quem aprovou o orçamento antes de iniciar o serviço.',
  },
  entregue_a: {
    label: 'Entregue a',
    obrigatorio: OS_MESSAGES.entregueAObrigatorio,
    texto: 'Registre a quem o equipamento foi entregue.',
  },
};
const TEXTO_CANCELAR =
  'Tem certeza que deseja cancelar esta ordem de serviço? Uma ordem cancelada não pode ser reaberta.';

/** The modal of a move that asks something first, or of a cancellation (with its reason). */
function MudancaModal({
  para,
  pergunta,
  salvando,
  onConfirm,
  onClose,
}: {
  para: SituacaoOS;
  pergunta: Pergunta | null;
  salvando: boolean;
  onConfirm: (campos: Record<string, string>) => void;
  onClose: () => void;
}) {
  const [resposta, setResposta] = useState('');
  const [observacao, setObservacao] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const textos = pergunta ? TEXTOS_PERGUNTA[pergunta] : null;

  function enviar(event: FormEvent) {
    event.preventDefault();
    if (textos && !resposta.trim()) {
      setErro(textos.obrigatorio);
      return;
    }
    const campos: Record<string, string> = {};
    if (pergunta) campos[pergunta] = resposta.trim();
    if (observacao.trim()) campos.observacao = observacao.trim();
    onConfirm(campos);
  }

  return (
    <Modal opened onClose={onClose} title={ACAO_SITUACAO_OS[para]} size={500} centered>
      <form onSubmit={enviar} noValidate>
        <Stack gap="md">
          <Text size="sm">{textos?.texto ?? TEXTO_CANCELAR}</Text>
          {textos && (
            <TextInput
              label={textos.label}
              withAsterisk
              maxLength={200}
              value={resposta}
              error={erro}
              onChange={(event) => {
                setResposta(event.currentTarget.value);
                setErro(null);
              }}
              data-autofocus
            />
          )}
          <Textarea
            label={pergunta ? 'Observação' : 'Motivo'}
            autosize
            minRows={2}
            maxLength={500}
            value={observacao}
            onChange={(event) => setObservacao(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Voltar
            </Button>
            <SaveButton saving={salvando} color={COR_ACAO[para]}>
              {ACAO_SITUACAO_OS[para]}
            </SaveButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The order's situação and the moves the transition table allows from it (OS_TRANSICOES), each
 * with its button text. `antes` runs first (the form saves pending edits, so a conclusion takes
 * the parts on screen); false stops the move.
 */
export function SituacaoAcoes({
  ordem,
  antes,
}: {
  ordem: OrdemServico;
  antes: () => Promise<boolean>;
}) {
  const mudar = useMudarSituacaoOs();
  const [perguntando, setPerguntando] = useState<{
    para: SituacaoOS;
    pergunta: Pergunta | null;
  } | null>(null);
  const [enviando, setEnviando] = useState<SituacaoOS | null>(null);

  async function executar(para: SituacaoOS, campos: Record<string, string> = {}) {
    setEnviando(para);
    try {
      if (!(await antes())) return;
      await mudar.mutateAsync({
        id: ordem.id,
        situacao: para,
        ...campos,
        idempotencyKey: newIdempotencyKey(),
      });
      setPerguntando(null);
      notifySuccess(OS_MESSAGES.situacaoAlterada);
    } catch (error) {
      console.error(ERRO_SITUACAO, error);
      notifyError(errorText(ERRO_SITUACAO, error));
    } finally {
      setEnviando(null);
    }
  }

  const destinos = OS_TRANSICOES[ordem.situacao];
  return (
    <Group gap="sm" justify="space-between" align="center" data-testid="situacao-acoes">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Situação:
        </Text>
        <SituacaoOsBadge situacao={ordem.situacao} size="lg" />
      </Group>
      {destinos.length > 0 && (
        <Group gap="xs">
          {destinos.map((para) => (
            <Button
              key={para}
              size="xs"
              variant={para === 'cancelada' ? 'subtle' : 'light'}
              color={COR_ACAO[para]}
              loading={enviando === para && !perguntando}
              disabled={enviando !== null}
              onClick={() => {
                const pergunta = perguntaDaMudanca(ordem.situacao, para);
                if (pergunta || para === 'cancelada') setPerguntando({ para, pergunta });
                else void executar(para);
              }}
            >
              {ACAO_SITUACAO_OS[para]}
            </Button>
          ))}
        </Group>
      )}
      {perguntando && (
        <MudancaModal
          para={perguntando.para}
          pergunta={perguntando.pergunta}
          salvando={enviando !== null}
          onClose={() => setPerguntando(null)}
          onConfirm={(campos) => void executar(perguntando.para, campos)}
        />
      )}
    </Group>
  );
}

/** The order's situação changes, newest first: who, when, and what they noted. */
export function HistoricoOs({ ordem }: { ordem: OrdemServico }) {
  const eventos = [...ordem.historico].reverse();
  return (
    <FormSection title="Histórico">
      {(ordem.aprovado_por || ordem.entregue_a) && (
        <Stack gap={2}>
          {ordem.aprovado_por && (
            <Text size="sm">
              Orçamento aprovado por <b>{ordem.aprovado_por}</b>
              {ordem.aprovado_em && ` em ${formatDateTime(ordem.aprovado_em)}`}
            </Text>
          )}
          {ordem.entregue_a && (
            <Text size="sm">
              Equipamento entregue a <b>{ordem.entregue_a}</b>
              {ordem.entregue_em && ` em ${formatDateTime(ordem.entregue_em)}`}
            </Text>
          )}
        </Stack>
      )}
      <Timeline bulletSize={14} lineWidth={2} data-testid="historico-os">
        {eventos.map((evento, index) => (
          <Timeline.Item key={index} title={situacaoOsLabel(evento.situacao)}>
            <Text size="xs" c="dimmed">
              {formatDateTime(evento.created_at)}
              {evento.usuario_nome && ` · ${evento.usuario_nome}`}
            </Text>
            {evento.observacao && <Text size="sm">{evento.observacao}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
    </FormSection>
  );
}
