import { Tabs, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { AuditoriaTab } from '../components/AuditoriaTab';
import { EmailTab } from '../components/EmailTab';
import { EmpresaTab } from '../components/EmpresaTab';
import { NotificacoesTab, SegurancaTab, SistemaTab } from '../components/PreferenciasTabs';
import { UsuariosTab } from '../components/UsuariosTab';

// The fiscal settings (and the IBGE table behind their município) load when their tab opens.
const FiscalTab = lazy(() =>
  import('../components/FiscalTab').then((module) => ({ default: module.FiscalTab })),
);

const ABAS = [
  'auditoria',
  'usuarios',
  'empresa',
  'fiscal',
  'email',
  'notificacoes',
  'sistema',
  'seguranca',
];

/**
 * /configuracoes (admin only): the audit trail, the users, the company, the fiscal settings and
 * the preferences. The tab is in the address (?aba=fiscal), so other screens link straight to it.
 */
export default function ConfiguracoesPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const pedida = params.get('aba') ?? '';
  const aba = ABAS.includes(pedida) ? pedida : 'auditoria';
  return (
    <>
      <PageHeader
        title="Configurações"
        description="Auditoria de alterações, usuários e preferências da empresa"
        breadcrumbs={[{ label: 'Início', to: '/' }, { label: 'Configurações' }]}
      />
      <Tabs
        value={aba}
        keepMounted={false}
        onChange={(value) => {
          // The import wizard has its own page (managers open it too, without this one).
          if (value === 'importar') {
            void navigate('/configuracoes/importar');
            return;
          }
          const next = new URLSearchParams(params);
          if (!value || value === 'auditoria') next.delete('aba');
          else next.set('aba', value);
          setParams(next, { replace: true });
        }}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="auditoria">Auditoria</Tabs.Tab>
          <Tabs.Tab value="usuarios">Usuários</Tabs.Tab>
          <Tabs.Tab value="empresa">Empresa</Tabs.Tab>
          <Tabs.Tab value="fiscal">Fiscal</Tabs.Tab>
          <Tabs.Tab value="email">E-mail</Tabs.Tab>
          <Tabs.Tab value="notificacoes">Notificações</Tabs.Tab>
          <Tabs.Tab value="sistema">Sistema</Tabs.Tab>
          <Tabs.Tab value="seguranca">Segurança</Tabs.Tab>
          <Tabs.Tab value="importar">Importar dados</Tabs.Tab>
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
        <Tabs.Panel value="fiscal">
          <Suspense fallback={<PageLoader />}>
            <FiscalTab />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="email">
          <EmailTab />
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
