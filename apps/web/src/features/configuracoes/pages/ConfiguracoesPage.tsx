import { Badge, Tabs, Text } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { AuditoriaTab } from '../components/AuditoriaTab';

/** Settings that come with a later release: listed, clearly marked, not clickable. */
const EM_BREVE = ['Empresa', 'PIX', 'Notificações'];

/** /configuracoes (admin only): the audit trail now; company data, PIX and alerts later. */
export default function ConfiguracoesPage() {
  return (
    <>
      <PageHeader
        title="Configurações"
        description="Auditoria de alterações e preferências da empresa"
        breadcrumbs={[{ label: 'Início', to: '/' }, { label: 'Configurações' }]}
      />
      <Tabs defaultValue="auditoria" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="auditoria">Auditoria</Tabs.Tab>
          {EM_BREVE.map((area) => (
            <Tabs.Tab
              key={area}
              value={area}
              disabled
              rightSection={
                <Badge size="xs" variant="light" color="gray">
                  em breve
                </Badge>
              }
            >
              {area}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="auditoria">
          <Text size="sm" c="dimmed" mb="sm">
            Toda criação, alteração, exclusão e mudança de situação, com quem fez e quando.
          </Text>
          <AuditoriaTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
