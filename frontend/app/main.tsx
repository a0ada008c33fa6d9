import { StrictMode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { queryClient } from '../queries/client';
import { forgetUserOnChange } from './session';
import { readInlinedGalleryPage, seedInlinedGalleryPage } from '../queries/first-page';
import './app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

forgetUserOnChange();
seedInlinedGalleryPage(queryClient, readInlinedGalleryPage());

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
