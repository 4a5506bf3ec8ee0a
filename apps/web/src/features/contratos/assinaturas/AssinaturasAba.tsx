import { Button, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustments, IconListDetails, IconPlus, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useRenovarAssinaturas } from '../../../api/assinaturas';
import { notifyError, notifySuccess } from '../../../components/notify';
import { errorText } from '../../../lib/error-text';
import { useChavePorCorpo } from '../../../lib/idempotency';
import { AssinaturasLista } from './AssinaturasLista';
import { CobrancaModal } from './CobrancaModal';
import { MetricasAssinaturas } from './MetricasAssinaturas';
import { PlanosModal } from './PlanosModal';
import { ASSINATURA_TEXTOS as T, NOVA_ASSINATURA_PATH, renovacaoTexto } from './textos';

/** The Assinaturas tab's header actions: plans, dunning rules, "Renovar agora", new subscription. */
export function AssinaturasAcoes() {
  const [planosAberto, planos] = useDisclosure(false);
  const [cobrancaAberta, cobranca] = useDisclosure(false);
  const renovar = useRenovarAssinaturas();
  const chaveDe = useChavePorCorpo();

  async function renovarAgora() {
    try {
      const feito = await renovar.mutateAsync({ idempotencyKey: chaveDe({ renovar: Date.now() }) });
      notifySuccess(renovacaoTexto(feito));
    } catch (error) {
      notifyError(errorText(T.erroRenovar, error));
    }
  }

  return (
    <>
      <Button variant="default" leftSection={<IconListDetails size={16} />} onClick={planos.open}>
        {T.planos}
      </Button>
      <Button variant="default" leftSection={<IconAdjustments size={16} />} onClick={cobranca.open}>
        {T.cobranca}
      </Button>
      <Button
        variant="default"
        leftSection={<IconRefresh size={16} />}
        loading={renovar.isPending}
        onClick={() => void renovarAgora()}
      >
        {T.renovar}
      </Button>
      <Button component={Link} to={NOVA_ASSINATURA_PATH} leftSection={<IconPlus size={16} />}>
        {T.nova}
      </Button>
      <PlanosModal opened={planosAberto} onClose={planos.close} />
      <CobrancaModal opened={cobrancaAberta} onClose={cobranca.close} />
    </>
  );
}

/** The Assinaturas tab: the metrics, then the subscriptions. */
export function AssinaturasAba() {
  return (
    <Stack gap="md">
      <MetricasAssinaturas />
      <AssinaturasLista />
    </Stack>
  );
}
