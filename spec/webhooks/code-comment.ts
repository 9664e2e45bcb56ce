/** CODE_COMMENT: events of one code comment (CodeCommentEvent and its subclasses). */
import type { Field } from '../model.js';
import { webhookModule } from './common.js';

const reply: Record<string, Field> = { replyId: { type: 'int64', description: 'Id of the reply.' } };

export const codeCommentWebhooks = webhookModule({
  eventType: 'CODE_COMMENT',
  tag: 'Code comment events',
  description:
    'Web hooks that select CODE_COMMENT receive the events of comments on lines of code (on a commit, a file or a ' +
    'pull request\'s changes). Every payload names the comment by `commentId`; read it with the Code Comment group. ' +
    'The REST API cannot create code comments: they come from the web UI.',
  fields: {
    commentId: { type: 'int64', description: 'Id of the code comment.' },
  },
  events: [
    {
      name: 'CodeCommentCreated',
      sent: 'A code comment was added.',
      example: { commentId: 418 },
    },
    {
      name: 'CodeCommentEdited',
      sent: 'A code comment\'s text was edited.',
      example: { commentId: 418 },
    },
    {
      name: 'CodeCommentReplyCreated',
      sent: 'Someone replied to a code comment.',
      fields: reply,
      example: { commentId: 418, replyId: 140 },
    },
    {
      name: 'CodeCommentReplyEdited',
      sent: 'A reply to a code comment was edited.',
      fields: reply,
      example: { commentId: 418, replyId: 140 },
    },
    {
      name: 'CodeCommentReplyDeleted',
      sent: 'A reply to a code comment was deleted (the payload keeps its id; the reply can no longer be read).',
      fields: reply,
      example: { commentId: 418, replyId: 140 },
    },
    {
      name: 'CodeCommentStatusChanged',
      sent: 'A code comment was resolved or reopened.',
      fields: {
        changeId: { type: 'int64', description: 'Id of the status change.' },
        note: { type: 'string', nullable: true, description: 'The note given with the change; null when none was given.' },
      },
      example: { commentId: 418, changeId: 31, note: 'Fixed in the latest update.' },
    },
  ],
});
