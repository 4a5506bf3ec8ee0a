import { Button, Tabs } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { OS_MESSAGES } from '@prumo/shared/ordens-servico';
import { PageHeader } from '../../../components/PageHeader';

export const LISTA_PATH = '/ordem-servicos';
export const PAINEL_PATH = '/servicos/painel-os';
export const NOVA_OS_PATH = '/servicos/adicionar-os';
export const editarOsPath = (id: number) => `/servicos/editar-os/${id}`;

/**
 * The service order hub (spec 2.10): the tabs "Gerenciar O.S." (/ordem-servicos) and "Painel"
 * (/servicos/painel-os), each its own route, under one header with the new-order button.
 */
export function OrdensServicoHub({
  aba,
  children,
}: {
  aba: 'gerenciar' | 'painel';
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const titulo = aba === 'painel' ? OS_MESSAGES.tituloPainel : OS_MESSAGES.titulo;
  return (
    <>
      <PageHeader
        title={titulo}
        breadcrumbs={[{ label: 'Início', to: '/dashboard' }, { label: titulo }]}
        actions={
          <Button component={Link} to={NOVA_OS_PATH} leftSection={<IconPlus size={16} />}>
            Nova O.S.
          </Button>
        }
      />
      <Tabs
        value={aba}
        onChange={(value) => void navigate(value === 'painel' ? PAINEL_PATH : LISTA_PATH)}
        mb="md"
      >
        <Tabs.List>
          <Tabs.Tab value="gerenciar">{OS_MESSAGES.gerenciar}</Tabs.Tab>
          <Tabs.Tab value="painel">{OS_MESSAGES.painel}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {children}
    </>
  );
}
