/** One email to one address, in plain text and, when given, HTML saying the same. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with it (the Email Service's own attachment shape): a receipt's PDF, say. */
  attachments?: EmailAttachment[];
}
