import IAMRender
