/** The number a complaint is known by in mails and on screen. */
export const complaintReference = (id: number) => `C-${String(id).padStart(6, '0')}`;
