import { Paper } from '@mantine/core';
import { VENDA_MESSAGES } from '@prumo/shared/vendas';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { VENDA_TEXTOS } from '../texts';

/** "Vendas de Serviços": the appointments come with their own issue; until then, what is coming. */
export function ServicosTab() {
  return (
    <>
      <PageHeader title={VENDA_MESSAGES.tituloServicos} />
      <Paper withBorder radius="md" p="md">
        <EmptyState title={VENDA_TEXTOS.servicosEmBreve} hint={VENDA_TEXTOS.servicosTexto} />
      </Paper>
    </>
  );
}
