import { Stack } from '@mantine/core';
import { ORCAMENTO_MESSAGES } from '@prumo/shared/orcamentos';
import { BackButton } from '../../../components/BackButton';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { OrcamentoView } from '../components/OrcamentoView';
import { LISTA_PATH } from '../paths';
import { useOrcamentoDaRota } from '../use-orcamento-da-rota';

/** /orcamentos/visualizar/{id}: the quote, its status moves, conversion and print. */
export default function VisualizarOrcamentoPage() {
  const orcamento = useOrcamentoDaRota();
  return (
    <Stack gap={0}>
      <PageHeader
        title={ORCAMENTO_MESSAGES.visualizar}
        breadcrumbs={[
          { label: 'Início', to: '/dashboard' },
          { label: ORCAMENTO_MESSAGES.titulo, to: LISTA_PATH },
          { label: ORCAMENTO_MESSAGES.visualizar },
        ]}
        actions={<BackButton to={LISTA_PATH} />}
      />
      {orcamento ? (
        <OrcamentoView orcamento={orcamento} />
      ) : (
        <PageLoader label="Carregando orçamento..." />
      )}
    </Stack>
  );
}
