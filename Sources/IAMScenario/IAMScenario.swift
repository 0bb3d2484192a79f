import IAMEngine
