import { SimpleGrid, Stack, Text } from '@mantine/core';
import { usePerfil } from '../../../api/perfil';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { DadosPerfilCard } from '../components/DadosPerfilCard';
import { DoisFatoresCard } from '../components/DoisFatoresCard';
import { PERFIL_TEXTOS } from '../components/perfil-textos';
import { SenhaCard } from '../components/SenhaCard';
import { SessoesCard } from '../components/SessoesCard';

/** /perfil: any signed-in user's own nome, e-mail, password and open sessions. */
export default function PerfilPage() {
  const perfil = usePerfil();
  return (
    <>
      <PageHeader
        title="Perfil"
        description="Seus dados de acesso, sua senha, a autenticação em dois fatores e suas sessões abertas"
        breadcrumbs={[{ label: 'Início', to: '/' }, { label: 'Perfil' }]}
      />
      {perfil.isPending ? (
        <PageLoader />
      ) : perfil.isError ? (
        <Text c="red">{PERFIL_TEXTOS.erroCarregar}</Text>
      ) : (
        <Stack>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <DadosPerfilCard perfil={perfil.data} />
            <SenhaCard />
          </SimpleGrid>
          <DoisFatoresCard />
          <SessoesCard />
        </Stack>
      )}
    </>
  );
}
