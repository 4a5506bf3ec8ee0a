import { Tabs, Text } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { AuditoriaTab } from '../components/AuditoriaTab';
import { EmpresaTab } from '../components/EmpresaTab';
import { NotificacoesTab, SegurancaTab, SistemaTab } from '../components/PreferenciasTabs';
import { UsuariosTab } from '../components/UsuariosTab';

/** /configuracoes (admin only): the audit trail, the users, the company and its preferences. */
export default function ConfiguracoesPage() {
  return (
    <>
      <PageHeader
        title="Configurações"
        description="Auditoria de alterações, usuários e preferências da empresa"
        breadcrumbs={[{ label: 'Início', to: '/' }, { label: 'Configurações' }]}
      />
      <Tabs defaultValue="auditoria" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="auditoria">Auditoria</Tabs.Tab>
          <Tabs.Tab value="usuarios">Usuários</Tabs.Tab>
          <Tabs.Tab value="empresa">Empresa</Tabs.Tab>
          <Tabs.Tab value="notificacoes">Notificações</Tabs.Tab>
          <Tabs.Tab value="sistema">Sistema</Tabs.Tab>
          <Tabs.Tab value="seguranca">Segurança</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="auditoria">
          <Text size="sm" c="dimmed" mb="sm">
            Toda criação, alteração, exclusão e mudança de situação, com quem fez e quando.
          </Text>
          <AuditoriaTab />
        </Tabs.Panel>
        <Tabs.Panel value="usuarios">
          <UsuariosTab />
        </Tabs.Panel>
        <Tabs.Panel value="empresa">
          <EmpresaTab />
        </Tabs.Panel>
        <Tabs.Panel value="notificacoes">
          <NotificacoesTab />
        </Tabs.Panel>
        <Tabs.Panel value="sistema">
          <SistemaTab />
        </Tabs.Panel>
        <Tabs.Panel value="seguranca">
          <SegurancaTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
