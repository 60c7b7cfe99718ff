// Browser entry of the minimal React baseline page: hydrates the server-rendered markup.
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { MinimalApp } from './minimal-react-app';

const root = document.getElementById('root');
if (root) hydrateRoot(root, createElement(MinimalApp));
