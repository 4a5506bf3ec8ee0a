import { Anchor, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconFileCode, IconFileInvoice, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { EmitirNotaInput, NotaFiscalResumo } from '@prumo/shared/fiscal';
import type { Venda } from '@prumo/shared/vendas';
import { useEmitirNota, useNotasDaVenda, useStatusFiscal } from '../../../api/fiscal';
import { CadastroSelect, type CadastroEscolhido } from '../../../components/CadastroSelect';
import {
  avisarResultadoNota,
  baixarDanfe,
  baixarXml,
  notaPath,
  SituacaoNotaBadge,
  temDanfe,
  temXml,
  tituloNota,
} from '../../../components/fiscal/nota';
import { notifyError } from '../../../components/notify';
import { errorText } from '../../../lib/error-text';
import { useChavePorCorpo } from '../../../lib/idempotency';

const ERRO_EMITIR = 'Erro ao emitir a NF-e';

/** modFrete of the NF-e: who pays the freight. */
const FRETE_OPCOES = [
  { value: '9', label: 'Sem frete' },
  { value: '0', label: 'Por conta do emitente (CIF)' },
  { value: '1', label: 'Por conta do destinatário (FOB)' },
];

/** A note that still counts for the sale (a cancelled or voided one leaves room for another). */
const vigente = (nota: NotaFiscalResumo) =>
  nota.situacao !== 'Cancelada' && nota.situacao !== 'Inutilizada';

/**
 * The sale's notes (GET /api/notas-fiscais?venda_id=) and whether it may issue its NF-e: a
 * finalized product sale with a customer, NF-e on, and no NF-e yet.
 */
function useNotasFiscaisDaVenda(venda: Venda) {
  const fiscal = useStatusFiscal();
  const notas = useNotasDaVenda(venda.id, venda.status !== 'Pendente');
  const podeEmitirNfe =
    venda.status === 'Finalizada' &&
    venda.tipo === 'produto' &&
    venda.cliente_id !== null &&
    fiscal.data?.nfe_ativa === true &&
    notas.isSuccess &&
    !notas.data.some((nota) => nota.modelo === 55 && vigente(nota));
  return { notas: notas.data ?? [], podeEmitirNfe };
}

/** The carrier and freight of the NF-e, then the emission; its result is told as it came. */
function EmitirNfeModal({ venda, onClose }: { venda: Venda; onClose: () => void }) {
  const emitir = useEmitirNota();
  const chave = useChavePorCorpo();
  const [transportadora, setTransportadora] = useState<CadastroEscolhido | null>(null);
  const [frete, setFrete] = useState(venda.frete > 0 ? '0' : '9');

  async function enviar() {
    const dados: EmitirNotaInput = {
      venda_id: venda.id,
      modelo: 55,
      transportadora_id: transportadora?.id ?? null,
      modalidade_frete: Number(frete) as 0 | 1 | 9,
    };
    try {
      avisarResultadoNota(await emitir.mutateAsync({ dados, idempotencyKey: chave(dados) }));
      onClose();
    } catch (error) {
      console.error(ERRO_EMITIR, error);
      notifyError(errorText(ERRO_EMITIR, error));
    }
  }

  return (
    <Stack gap="sm" data-testid="emitir-nfe">
      <Text size="sm" c="dimmed">
        A NF-e leva os itens, o cliente e os pagamentos desta venda. Informe o transporte, se
        houver.
      </Text>
      <CadastroSelect
        tipo="transportadora"
        label="Transportadora (opcional)"
        placeholder="Buscar transportadora"
        nothingFound="Transportadora não encontrada."
        value={transportadora}
        onChange={setTransportadora}
      />
      <Select
        label="Frete"
        allowDeselect={false}
        data={FRETE_OPCOES}
        value={frete}
        onChange={(value) => setFrete(value ?? '9')}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} disabled={emitir.isPending}>
          Cancelar
        </Button>
        <Button
          leftSection={<IconFileInvoice size={16} />}
          loading={emitir.isPending}
          onClick={() => void enviar()}
        >
          Emitir NF-e
        </Button>
      </Group>
    </Stack>
  );
}

/** "Emitir NF-e" among the sale's actions, while the sale may issue one. */
export function EmitirNfeButton({ venda }: { venda: Venda }) {
  const { podeEmitirNfe } = useNotasFiscaisDaVenda(venda);
  const [aberto, setAberto] = useState(false);
  if (!podeEmitirNfe && !aberto) return null;
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconFileInvoice size={16} />}
        onClick={() => setAberto(true)}
      >
        Emitir NF-e
      </Button>
      <Modal opened={aberto} onClose={() => setAberto(false)} title="Emitir NF-e" centered>
        {aberto && <EmitirNfeModal venda={venda} onClose={() => setAberto(false)} />}
      </Modal>
    </>
  );
}

/** Each note of the sale: model, number, situação (and SEFAZ's reason), DANFE and XML. */
export function NotasDaVenda({ venda }: { venda: Venda }) {
  const { notas } = useNotasFiscaisDaVenda(venda);
  if (notas.length === 0) return null;
  return (
    <Stack gap={6} data-testid="venda-notas">
      <Text fw={600} size="sm">
        Notas fiscais
      </Text>
      {notas.map((nota) => (
        <Stack key={nota.id} gap={0}>
          <Group justify="space-between" gap="xs">
            <Group gap="xs">
              <Anchor component={Link} to={notaPath(nota.id)} size="sm" fw={500}>
                {tituloNota(nota)}
              </Anchor>
              <Text size="xs" c="dimmed">
                Série {nota.serie}
              </Text>
              <SituacaoNotaBadge situacao={nota.situacao} size="sm" />
            </Group>
            <Group gap={4}>
              {temDanfe(nota) && (
                <Button
                  size="xs"
                  variant="subtle"
                  leftSection={<IconPrinter size={14} />}
                  onClick={() => void baixarDanfe(nota)}
                >
                  {nota.modelo === 65 ? 'DANFCE' : 'DANFE'}
                </Button>
              )}
              {temXml(nota) && (
                <Button
                  size="xs"
                  variant="subtle"
                  leftSection={<IconFileCode size={14} />}
                  onClick={() => void baixarXml(nota)}
                >
                  XML
                </Button>
              )}
            </Group>
          </Group>
          {(nota.situacao === 'Rejeitada' || nota.situacao === 'Denegada') &&
            nota.c_stat !== null && (
              <Text size="xs" c="red">
                {nota.c_stat}: {nota.x_motivo}
              </Text>
            )}
        </Stack>
      ))}
    </Stack>
  );
}
