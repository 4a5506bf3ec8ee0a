import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { feature } from './feature';

describe('/login once signed in', () => {
  it('opens the dashboard instead of "Página não encontrada"', () => {
    const Login = feature.routes.find((route) => route.path === '/login')!.Page;
    render(
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<Login />} />
          <Route path="/dashboard" element={<p>Painel</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('Painel')).toBeTruthy();
  });
});
