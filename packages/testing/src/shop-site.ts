import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserStep } from '@pageprobe/test-kinds';

// A small shop for browser checks (issue 59): sign in, search, pick a size, add to basket, check out.
// What can go wrong is switched at run time: the checkout button gone, the add-to-basket handler slow.

export interface Shop {
  origin: string;
  /** Flip these between runs: the next page served follows them. */
  state: { checkout: boolean; slowAddMs: number };
  close(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title><meta name="viewport" content="width=device-width"></head><body>${body}</body></html>`;

export async function startShop(): Promise<Shop> {
  const state = { checkout: true, slowAddMs: 0 };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://shop');
    const send = (html: string) => res.writeHead(200, { 'content-type': 'text/html' }).end(html);
    switch (url.pathname) {
      case '/':
        return send(page('Shop', '<h1>The shop</h1><p>Fresh things.</p><a id="sign-in" href="/sign-in">Sign in</a>'));
      case '/sign-in':
        return send(
          page(
            'Sign in',
            `<form method="post" action="/session"><label>Email <input id="email" name="email"></label>
<label>Password <input id="password" name="password" type="password"></label><button id="go">Sign in</button></form>`,
          ),
        );
      case '/session':
        req.resume();
        return res.writeHead(303, { location: '/products', 'set-cookie': 'who=pat; Path=/' }).end();
      case '/products':
        return send(
          page(
            'Products',
            `<input id="q" aria-label="Search"><select id="size"><option value="s">S</option><option value="m">M</option></select>
<ul id="list"><li>Apples</li><li>Pears</li></ul><button id="add">Add to basket</button><p id="basket">Basket: 0</p>
<script>
document.getElementById('q').addEventListener('input', (e) => {
  for (const li of document.querySelectorAll('#list li')) li.hidden = !li.textContent.toLowerCase().includes(e.target.value.toLowerCase());
});
document.getElementById('add').addEventListener('click', () => {
  const until = performance.now() + ${state.slowAddMs};
  while (performance.now() < until) {}
  document.getElementById('basket').textContent = 'Basket: 1';
  localStorage.setItem('basket', '1');
});
</script>`,
          ),
        );
      case '/basket':
        return send(
          page(
            'Basket',
            `<p>1 × Apples</p>${state.checkout ? '<button id="checkout">Check out</button>' : '<button id="checkout-broken" hidden>Check out</button>'}
<p id="done" hidden>Thank you for your order</p>
<script>document.getElementById('checkout')?.addEventListener('click', () => { document.getElementById('done').hidden = false; });</script>`,
          ),
        );
      default:
        return res.writeHead(url.pathname === '/favicon.ico' ? 204 : 404).end();
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    state,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The shop's journey: 14 steps after the load. The password step types `password` (a secret the API
 * seals); the add-to-basket click carries an INP budget of 200 ms; step 13 is the checkout.
 */
export function shopJourney(origin: string, password: string): BrowserStep[] {
  return [
    { type: 'click', selector: '#sign-in' },
    { type: 'wait_for', selector: '#email' },
    { type: 'type', selector: '#email', text: 'pat@example.com' },
    { type: 'type', selector: '#password', text: password },
    { type: 'click', selector: '#go', name: 'sign in' },
    { type: 'assert_visible', selector: '#q' },
    { type: 'type', selector: '#q', text: 'app' },
    { type: 'assert_text', selector: '#list', text: 'Apples' },
    { type: 'select', selector: '#size', value: 'm' },
    {
      type: 'click',
      selector: '#add',
      name: 'add to basket',
      expect: [{ source: 'inp_ms', operator: 'lt', value: 200 }],
    },
    { type: 'assert_js', expression: "localStorage.getItem('basket') === '1'" },
    { type: 'navigate', url: `${origin}/basket` },
    { type: 'click', selector: '#checkout' },
    { type: 'assert_text', text: 'Thank you for your order' },
  ];
}
