import type { ChannelType } from '@pageprobe/alert-channels';
import { alertChannels, checkInput } from '@pageprobe/services';
import { html, type SafeHtml } from '@pageprobe/html';
import { callerOf } from '../../http/caller.ts';
import type { PageContext, PageRoute } from '../../http/page-context.ts';
import { cursorOf, formValues, orProblem } from '../../http/request-input.ts';
import { emptyForm, type FormState } from '../../views/form-errors.ts';
import { confirmed, confirmPage, dangerButton } from '../../views/confirm.ts';
import { form, message, may, page, problem } from '../../views/layout.ts';
import {
  channelBody,
  channelFields,
  channelFormError,
  isChannelType,
  newChannelForm,
  TYPE_NAMES,
  withoutSecrets,
} from './channel-form.ts';
import { managedMark, managedNotice } from '../../views/managed-by.ts';
import { deliveriesTable } from './deliveries-view.ts';
import { listTable } from '../../views/list-table.ts';

type Channel = Awaited<ReturnType<typeof alertChannels.getChannel>>;
const PAGE = 50;
const DELIVERIES = 20;

const values = (ctx: PageContext) => formValues(ctx);

const stateOf = (c: Channel): SafeHtml =>
  c.state === 'failing'
    ? html`<strong class="state-failing">failing</strong><span class="muted"> since ${c.first_failure_at?.slice(0, 16).replace('T', ' ')} UTC</span>`
    : html`<span class="state-ok">ok</span>`;

/** /alert-channels: the team's channels, a page at a time, and a link to make one of each type. */
async function listPage(ctx: PageContext) {
  const caller = await callerOf(ctx);
  const { data, next_cursor } = await alertChannels.listChannels(ctx.deps, caller, cursorOf(ctx), PAGE);
  page(
    ctx,
    'Alert channels',
    html`${
      may(ctx, 'team.write')
        ? html`<h2>Add a channel</h2><ul class="types">${Object.entries(TYPE_NAMES).map(
            ([type, name]) => html`<li><a href="${ctx.href(`/alert-channels/new?type=${type}`)}">${name}</a></li>`,
          )}</ul>`
        : ''
    }
<h2>Channels</h2>
${
  data.length
    ? html`${listTable(
        'Alert channels',
        [{ head: 'Name' }, { head: 'Type' }, { head: 'State' }, { head: 'Last delivered' }],
        data.map((c) => [
          html`<a href="${ctx.href(`/alert-channels/${c.id}`)}">${c.name}</a>${managedMark(c.managed_by)}`,
          TYPE_NAMES[c.type],
          stateOf(c),
          c.last_delivered_at?.slice(0, 16).replace('T', ' ') ?? html`<span class="muted">never</span>`,
        ]),
      )}
${next_cursor ? html`<p><a href="${ctx.href(`/alert-channels?cursor=${encodeURIComponent(next_cursor)}`)}">Next page</a></p>` : ''}`
    : html`<p class="muted">No alert channels yet.</p>`
}`,
  );
}

function newPage(ctx: PageContext, type: ChannelType, state: FormState) {
  page(ctx, `New ${TYPE_NAMES[type]} channel`, newChannelForm(ctx, type, state), state.status);
}

/** What the last test message did, from its delivery row (the redirect after `Send test message` names it). */
async function testOutcome(ctx: PageContext, channelId: string): Promise<SafeHtml | ''> {
  const id = ctx.req.query.test;
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) return '';
  const d = await ctx.deps.db.callbackDelivery.findFirst({
    where: { id, channelId },
    include: { attempts: { orderBy: { number: 'asc' }, take: 1 } },
  });
  if (!d) return '';
  const a = d.attempts[0];
  const detail = a ? (a.statusCode !== null ? `answered ${a.statusCode}` : (a.error ?? '')) : '';
  const text =
    d.state === 'delivered'
      ? `The test message was delivered (${detail}).`
      : d.state === 'failed'
        ? `The test message failed: ${detail}.`
        : 'The test message is queued: the dispatcher has not sent it yet. Its delivery below shows when it does.';
  return html`<p class="notice ${d.state}" role="status">${text}</p>`;
}

/** /alert-channels/{id}: the channel, its edit form, its test message, its deliveries with their attempts. */
async function channelPage(ctx: PageContext, id: string, state: FormState | null = null) {
  const caller = await callerOf(ctx);
  const channel = await alertChannels.getChannel(ctx.deps, caller, id);
  const deliveries = await alertChannels.listDeliveries(ctx.deps, caller, id, cursorOf(ctx), DELIVERIES);
  const edit = state ?? emptyForm({ name: channel.name, severity: channel.severity ?? '' });
  const writable = may(ctx, 'team.write');
  const addresses =
    channel.type === 'email'
      ? html`<h2>Addresses</h2><ul>${(channel.addresses ?? []).map(
          (a) =>
            html`<li>${a.email} ${a.confirmed ? html`<span class="state-ok">confirmed</span>` : html`<span class="muted">awaiting confirmation: alerts go to it once it opens the link it was mailed</span>`}</li>`,
        )}</ul>`
      : '';
  page(
    ctx,
    channel.name,
    html`${await testOutcome(ctx, channel.id)}
${channel.managed_by ? html`<p>${managedMark(channel.managed_by)}</p>` : ''}<dl class="facts"><dt>Type</dt><dd>${TYPE_NAMES[channel.type]}</dd><dt>State</dt><dd>${stateOf(channel)}</dd>
<dt>Last delivered</dt><dd>${channel.last_delivered_at?.slice(0, 16).replace('T', ' ') ?? 'never'}</dd></dl>
${channel.state === 'failing' ? html`<p class="problem">Every message to this channel has failed for 24 hours. Check its target, then send a test message.</p>` : ''}
${addresses}
${
  writable
    ? html`${form(ctx, `/alert-channels/${channel.id}/test`, html`<button type="submit">Send test message</button>`, html`class="inline"`)}
<h2>Edit</h2>
${managedNotice(channel.managed_by)}
${problem(edit.problem)}
${form(ctx, `/alert-channels/${channel.id}`, html`${channelFields(channel.type, edit, true)}<p><button type="submit">Save</button></p>`)}
<h2>Delete</h2>
${form(
  ctx,
  `/alert-channels/${channel.id}/delete`,
  html`${managedNotice(channel.managed_by, 'delete')}<p>Monitors stop sending to it; its deliveries go with it.</p>${dangerButton('Delete')}`,
)}`
    : ''
}
<h2>Deliveries</h2>
${deliveriesTable(ctx, channel.id, deliveries)}`,
    edit.status,
  );
}

const channelId = (ctx: PageContext) => String(ctx.req.params.id);

export const alertChannelRoutes: PageRoute[] = [
  {
    method: 'get',
    path: '/alert-channels',
    access: 'team.read',
    handle: (ctx) => orProblem(ctx, 'Alert channels', () => listPage(ctx)),
  },
  {
    method: 'get',
    path: '/alert-channels/new',
    access: 'team.write',
    handle(ctx) {
      const type = ctx.req.query.type;
      if (!isChannelType(type))
        return message(ctx, 'No such channel type', 'Choose a type from the list of channels.', 404);
      newPage(ctx, type, emptyForm());
    },
  },
  {
    method: 'post',
    path: '/alert-channels',
    access: 'team.write',
    async handle(ctx) {
      const v = values(ctx);
      const type: ChannelType = isChannelType(v.type) ? v.type : 'webhook';
      try {
        if (!isChannelType(v.type)) checkInput('CreateAlertChannel', { ...channelBody(type, v, true), type: v.type });
        const body = checkInput<Parameters<typeof alertChannels.createChannel>[2]>(
          'CreateAlertChannel',
          channelBody(type, v, true),
        );
        const channel = await alertChannels.createChannel(ctx.deps, await callerOf(ctx), body);
        ctx.res.redirect(303, ctx.href(`/alert-channels/${channel.id}`));
      } catch (error) {
        newPage(ctx, type, channelFormError(error, withoutSecrets(v)));
      }
    },
  },
  {
    method: 'get',
    path: '/alert-channels/:id',
    access: 'team.read',
    handle: (ctx) => orProblem(ctx, 'Alert channel', () => channelPage(ctx, channelId(ctx))),
  },
  {
    method: 'post',
    path: '/alert-channels/:id',
    access: 'team.write',
    handle: (ctx) =>
      orProblem(ctx, 'Alert channel', async () => {
        const id = channelId(ctx);
        const v = values(ctx);
        const current = await alertChannels.getChannel(ctx.deps, await callerOf(ctx), id);
        try {
          const body = checkInput<Parameters<typeof alertChannels.updateChannel>[3]>(
            'UpdateAlertChannel',
            channelBody(current.type, v, false),
          );
          await alertChannels.updateChannel(ctx.deps, await callerOf(ctx), id, body);
          ctx.res.redirect(303, ctx.href(`/alert-channels/${id}`));
        } catch (error) {
          await channelPage(ctx, id, channelFormError(error, withoutSecrets(v)));
        }
      }),
  },
  {
    method: 'post',
    path: '/alert-channels/:id/delete',
    access: 'team.write',
    handle: (ctx) =>
      orProblem(ctx, 'Alert channel', async () => {
        const caller = await callerOf(ctx);
        const channel = await alertChannels.getChannel(ctx.deps, caller, channelId(ctx));
        if (!confirmed(ctx))
          return confirmPage(ctx, {
            title: `Delete the alert channel ${channel.name}?`,
            consequence: 'Monitors stop sending to it at once, and its deliveries are deleted with it.',
            action: `/alert-channels/${channel.id}/delete`,
            button: 'Delete the alert channel',
            back: `/alert-channels/${channel.id}`,
          });
        await alertChannels.deleteChannel(ctx.deps, caller, channel.id);
        ctx.res.redirect(303, ctx.href('/alert-channels'));
      }),
  },
  {
    method: 'post',
    path: '/alert-channels/:id/test',
    access: 'team.write',
    handle: (ctx) =>
      orProblem(ctx, 'Alert channel', async () => {
        // The API's test: queued to the dispatcher, waited for ALERT_TEST_WAIT_MS; the page then shows its outcome.
        const outcome = await alertChannels.sendTestMessage(ctx.deps, await callerOf(ctx), channelId(ctx));
        ctx.res.redirect(303, ctx.href(`/alert-channels/${outcome.channelId}?test=${outcome.delivery_id}`));
      }),
  },
];
