export { startFakeSmsGateway, type FakeSmsGateway } from './fake-sms-gateway';
export { startFakeSmtpServer, startSilentServer, type FakeSmtpServer, type ReceivedMail } from './fake-smtp-server';
