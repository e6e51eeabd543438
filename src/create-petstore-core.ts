export * from './app/create-petstore-core.ts'
