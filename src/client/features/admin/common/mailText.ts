/** The SMTP reply is what staff can act on; the "Error: " nodemailer puts in front is not. */
export const mailServerReply = (error: string) => error.replace(/^Error: /, '');
