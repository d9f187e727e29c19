/** The assistant's four calls (spec document 2, section 7), signed in; see chat.service.ts. */
import { chatApi } from '@call-insights/contracts/chat.routes';
import type { Router } from '../../http/route.js';
import type { ChatService } from './chat.service.js';

export function chatRoutes(router: Router, service: ChatService): void {
  router.route(chatApi.query, async ({ caller, body }) => service.ask(caller, body));
  router.route(chatApi.history, async ({ caller, params }) => service.history(caller, params.session_id));
  router.route(chatApi.conversations, async ({ caller, params }) =>
    service.conversations(caller, params.user_id),
  );
  router.route(chatApi.deleteConversation, async ({ caller, params }) => {
    await service.remove(caller, params.session_id);
  });
}
